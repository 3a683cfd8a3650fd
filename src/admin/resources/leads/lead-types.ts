/** What the staff leads API answers for a lead and its deliveries: the contract's shapes (GET /api/admin/leads/{id}). */
import type * as v from 'valibot';
import type { LeadDelivery, LeadDetail, LeadSummary } from '../../../contract/lead-inbox.ts';

export type Delivery = v.InferOutput<typeof LeadDelivery>;
/** A lead as the list has it, or whole as its own page has it (record, notes, sensitive fields). */
export type Lead = v.InferOutput<typeof LeadSummary> & Partial<v.InferOutput<typeof LeadDetail>>;

/** What the staff leads API answers for a lead and its deliveries (GET /api/admin/leads/{id}). */
import type { LeadStage } from '../../../domain/lead-workflow.ts';

export interface Delivery {
  channel: 'email' | 'webhook';
  status: 'pending' | 'sending' | 'delivered' | 'dead';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  can_retry: boolean;
}

export interface Lead {
  id: string;
  kind: 'enquiry' | 'finance';
  form_name: string;
  dealer_slug: string;
  status: LeadStage;
  name: string;
  email: string;
  phone: string;
  subject: string | null;
  vehicle: { id: number; title: string; url: string } | null;
  assignee: { id: string; name: string } | null;
  created_at: string;
  first_response_at: string | null;
  response_minutes: number | null;
  delivery: Delivery[];
  record?: Record<string, unknown>;
  sensitive?: string[] | null;
  notes?: { id: string; body: string; author: string | null; created_at: string }[];
}

/** Enquiry submission status (SPEC §4 'enquiry loading/success/error'), shared app-wide. */
import { submitStore } from './lead-status.ts';

export const enquiry = submitStore();

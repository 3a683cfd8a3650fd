/**
 * POPIA retention periods (decision 121): how many months a lead is kept after it arrived. The
 * server erases by them (LEAD_RETENTION_MONTHS, FINANCE_RETENTION_MONTHS) and the privacy notice states
 * them, both from these defaults, so the notice cannot promise another period than the purge applies.
 */
export const RETENTION_DEFAULTS = { leadMonths: 24, financeMonths: 12 } as const;

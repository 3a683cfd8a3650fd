/**
 * The leads inbox workflow: what a dealership does with a lead after it arrived. One table,
 * read by the API (which rejects other moves with a 409) and the admin screens (which offer only these).
 */

export const LEAD_STAGES = ['New', 'Contacted', 'Appointment', 'Sold', 'Lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** Where a lead may go next. Sold and Lost are final; Lost is possible from every open stage. */
export const NEXT_STAGES: Record<LeadStage, readonly LeadStage[]> = {
  New: ['Contacted', 'Lost'],
  Contacted: ['Appointment', 'Sold', 'Lost'],
  Appointment: ['Sold', 'Lost'],
  Sold: [],
  Lost: [],
};

export const canMove = (from: LeadStage, to: LeadStage) => NEXT_STAGES[from].includes(to);

/** "from New: Contacted or Lost" — the words of a refused move. */
export function describeMoves(from: LeadStage): string {
  const next = NEXT_STAGES[from];
  return next.length ? `from ${from} a lead can go to ${next.join(' or ')}` : `${from} is final`;
}

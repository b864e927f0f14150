import { setup } from 'xstate';

/**
 * A visa application's life, one state per stored status (see flight.ts for how the server uses it). The fee is
 * paid by card (after applying) or from an agent's wallet (when applying); staff then review and decide.
 *
 *   new ─APPLY→ pending_payment ─PAY→ submitted ─START_REVIEW→ in_review ─APPROVE→ approved
 *    └─PAY→ submitted                                                    └─REJECT→ rejected
 */
export type VisaLifecycleEvent = { type: 'APPLY' } | { type: 'PAY' } | { type: 'START_REVIEW' } | { type: 'APPROVE' } | { type: 'REJECT' };

export const visaLifecycle = setup({ types: { events: {} as VisaLifecycleEvent } }).createMachine({
  id: 'visaLifecycle',
  initial: 'new',
  states: {
    new: { on: { APPLY: 'pending_payment', PAY: 'submitted' } },
    pending_payment: { on: { PAY: 'submitted' } },
    submitted: { on: { START_REVIEW: 'in_review' } },
    in_review: { on: { APPROVE: 'approved', REJECT: 'rejected' } },
    approved: { type: 'final' },
    rejected: { type: 'final' },
  },
});

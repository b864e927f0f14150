import { setup } from 'xstate';

/**
 * An agent's top-up deposit, one state per stored status (see flight.ts for how the server uses it): accounts
 * staff approve it (the wallet is credited) or reject it with a reason.
 *
 *   new ─SUBMIT→ pending ─APPROVE→ approved
 *                        └─REJECT→ rejected
 */
export type DepositLifecycleEvent = { type: 'SUBMIT' } | { type: 'APPROVE' } | { type: 'REJECT' };

export const depositLifecycle = setup({ types: { events: {} as DepositLifecycleEvent } }).createMachine({
  id: 'depositLifecycle',
  initial: 'new',
  states: {
    new: { on: { SUBMIT: 'pending' } },
    pending: { on: { APPROVE: 'approved', REJECT: 'rejected' } },
    approved: { type: 'final' },
    rejected: { type: 'final' },
  },
});

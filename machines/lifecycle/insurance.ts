import { setup } from 'xstate';

/**
 * A travel insurance policy's life, one state per stored status (see flight.ts for how the server uses it). A
 * card purchase waits for its payment until the hold runs out; a wallet purchase is issued when bought.
 *
 *   new ─HOLD→ pending_payment ─PAY→ issued
 *    └─PAY→ issued               └─EXPIRE→ expired       (the payment's deadline, on its own)
 */
export type InsuranceLifecycleEvent = { type: 'HOLD' } | { type: 'PAY' } | { type: 'EXPIRE' };

export const insuranceLifecycle = setup({ types: { events: {} as InsuranceLifecycleEvent } }).createMachine({
  id: 'insuranceLifecycle',
  initial: 'new',
  states: {
    new: { on: { HOLD: 'pending_payment', PAY: 'issued' } },
    pending_payment: { on: { PAY: 'issued', EXPIRE: 'expired' } },
    issued: { type: 'final' },
    expired: { type: 'final' },
  },
});

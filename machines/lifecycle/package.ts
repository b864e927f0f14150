import { setup } from 'xstate';

/**
 * A holiday or umrah package booking's life, one state per stored status (see flight.ts for how the server uses
 * it). Staff confirm a paid booking with the operator; cancelling gives the seats back and refunds what was paid.
 *
 *   new ─HOLD→ pending_payment ─PAY→ paid ─CONFIRM→ confirmed
 *    └─PAY→ paid                 ├─EXPIRE→ expired      (the hold's deadline, on its own)
 *   pending_payment | paid | confirmed ─CANCEL→ canceled
 */
export type PackageLifecycleEvent = { type: 'HOLD' } | { type: 'PAY' } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'EXPIRE' };

export const packageLifecycle = setup({ types: { events: {} as PackageLifecycleEvent } }).createMachine({
  id: 'packageLifecycle',
  initial: 'new',
  states: {
    new: { on: { HOLD: 'pending_payment', PAY: 'paid' } },
    pending_payment: { on: { PAY: 'paid', CANCEL: 'canceled', EXPIRE: 'expired' } },
    paid: { on: { CONFIRM: 'confirmed', CANCEL: 'canceled' } },
    confirmed: { on: { CANCEL: 'canceled' } },
    canceled: { type: 'final' },
    expired: { type: 'final' },
  },
});

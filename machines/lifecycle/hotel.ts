import { setup } from 'xstate';

/**
 * A hotel booking's life, one state per stored status (see flight.ts for how the server uses it). A card booking
 * holds its rooms unpaid until the payment comes or the hold runs out; a wallet booking is paid when made.
 *
 *   new ─HOLD→ pending_payment ─PAY→ confirmed ─CANCEL→ canceled
 *    └─PAY→ confirmed            ├─CANCEL→ canceled
 *                                └─EXPIRE→ expired        (the hold's deadline, on its own)
 */
export type HotelLifecycleEvent = { type: 'HOLD' } | { type: 'PAY' } | { type: 'CANCEL' } | { type: 'EXPIRE' };

export const hotelLifecycle = setup({ types: { events: {} as HotelLifecycleEvent } }).createMachine({
  id: 'hotelLifecycle',
  initial: 'new',
  states: {
    new: { on: { HOLD: 'pending_payment', PAY: 'confirmed' } },
    pending_payment: { on: { PAY: 'confirmed', CANCEL: 'canceled', EXPIRE: 'expired' } },
    confirmed: { on: { CANCEL: 'canceled' } },
    canceled: { type: 'final' },
    expired: { type: 'final' },
  },
});

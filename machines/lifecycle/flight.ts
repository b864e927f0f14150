import { setup } from 'xstate';

/**
 * A flight booking's life, one state per stored status. The server restores it at a booking's status and sends
 * it the event a service asks for; what it refuses is refused by the API. Who may send an event (owner, staff,
 * the payment provider, the jobs) and the rules of time and money (the void window, a verified payment) stay in
 * the services: the machine says only what can follow what.
 *
 *   new ─HOLD→ booked ─PAY | CONFIRM→ ticketed ─REQUEST_VOID→ requested ─VOID→ voided
 *    │          ├─CANCEL | EXPIRE→ canceled      │  ↺ REISSUE, VOID_WINDOW_CLOSES      └─REJECT_VOID→ ticketed
 *    │                                           ├─VOID→ voided
 *    │                                           └─REQUEST_REFUND→ refund_requested ─REFUND→ refunded
 *    │                                                                     └─REJECT_REFUND→ ticketed
 *    └─ENTER_DIRECT→ pending ─ISSUE→ ticketed;  pending ─REJECT→ rejected   (direct bookings staff enter)
 *
 * EXPIRE (the hold's deadline) and VOID_WINDOW_CLOSES (midnight of the issue day) fire on their own; the second
 * changes no status, it only ends what VOID and REQUEST_VOID may do.
 */
export type FlightLifecycleEvent =
  | { type: 'HOLD' } | { type: 'ENTER_DIRECT' } | { type: 'PAY' } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'EXPIRE' }
  | { type: 'ISSUE' } | { type: 'REJECT' } | { type: 'REQUEST_VOID' } | { type: 'VOID' } | { type: 'REJECT_VOID' }
  | { type: 'VOID_WINDOW_CLOSES' } | { type: 'REQUEST_REFUND' } | { type: 'REFUND' } | { type: 'REJECT_REFUND' } | { type: 'REISSUE' };

export const flightLifecycle = setup({ types: { events: {} as FlightLifecycleEvent } }).createMachine({
  id: 'flightLifecycle',
  initial: 'new',
  states: {
    new: { on: { HOLD: 'booked', ENTER_DIRECT: 'pending' } },
    booked: { on: { PAY: 'ticketed', CONFIRM: 'ticketed', CANCEL: 'canceled', EXPIRE: 'canceled' } },
    pending: { on: { ISSUE: 'ticketed', REJECT: 'rejected' } },
    ticketed: {
      on: { REQUEST_VOID: 'requested', VOID: 'voided', REQUEST_REFUND: 'refund_requested', REISSUE: 'ticketed', VOID_WINDOW_CLOSES: 'ticketed' },
    },
    requested: { on: { VOID: 'voided', REJECT_VOID: 'ticketed', VOID_WINDOW_CLOSES: 'requested' } },
    refund_requested: { on: { REFUND: 'refunded', REJECT_REFUND: 'ticketed' } },
    canceled: { type: 'final' },
    voided: { type: 'final' },
    rejected: { type: 'final' },
    refunded: { type: 'final' },
  },
});

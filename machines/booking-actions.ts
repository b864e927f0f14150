import { and, assign, emit, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import { toFailure, type Failure, type Notice } from './notice';
import type { RefundQuote } from '../contract/bookings';
import { stepOf } from './lifecycle';

/**
 * Booking actions. Pure: the app provides the
 * call (with an abort signal) and reloads the booking when told.
 *
 *   idle ─CHOOSE(allowed)→ confirming ─CONFIRM→ working ─→ done     (emit notify + reload)
 *     │    ↑  CANCEL ←───────┘  ↑                     ├─→ refused  (409/403/422: the server said no; emit reload)
 *     │    └──────── DISMISS ───┼─────────────────────└─→ error    (network, 5xx) ─RETRY→ working (or quoting)
 *     └─CHOOSE(requestRefund)→ quoting ─(quote loaded)─┘  (a failed quote: refused or error, as a failed call)
 *
 * A refund request (the owner's, or staff's on its behalf: startRefund) first loads the quote so the dialog shows
 * paid, penalty, charge and refund, and the request carries the refund shown: a quote that changed meanwhile is
 * refused by the server (409) instead of applied.
 *
 * The call carries the status the user saw, so an action chosen on a booking that changed meanwhile is refused
 * by the server instead of applied to the new state.
 */

export type BookingStatus = 'booked' | 'ticketed' | 'canceled' | 'requested' | 'voided' | 'pending' | 'rejected' | 'refund_requested' | 'refunded';
export type Access = 'manage' | 'read' | 'owner';
export type BookingAction = 'cancel' | 'confirm' | 'requestVoid' | 'void' | 'approveVoid' | 'rejectVoid' | 'issue' | 'reject' | 'requestRefund' | 'approveRefund' | 'rejectRefund' | 'startRefund' | 'ticket';
export const BOOKING_ACTIONS: readonly BookingAction[] = ['cancel', 'confirm', 'requestVoid', 'void', 'approveVoid', 'rejectVoid', 'issue', 'reject', 'requestRefund', 'approveRefund', 'rejectRefund', 'startRefund', 'ticket'];

/** What the machine needs to know of a booking (refund_open: ticketed, void window closed, not yet flown). */
export interface BookingFacts { id: number; status: BookingStatus; access: Access | null; void_window_open: boolean; refund_open?: boolean; owner_may_ticket?: boolean }

/** The lifecycle event each action sends (machines/lifecycle/flight.ts): what the booking's status takes decides. */
const EVENT_OF: Record<BookingAction, string> = {
  cancel: 'CANCEL', confirm: 'CONFIRM', requestVoid: 'REQUEST_VOID', void: 'VOID', approveVoid: 'VOID', rejectVoid: 'REJECT_VOID',
  issue: 'ISSUE', reject: 'REJECT', requestRefund: 'REQUEST_REFUND', approveRefund: 'REFUND', rejectRefund: 'REJECT_REFUND', startRefund: 'REQUEST_REFUND', ticket: 'ISSUE',
};

/**
 * Who may send each action: the owner (agent or customer) or staff who manage bookings; readers send none. Staff
 * start a refund on the owner's behalf (`startRefund`: the owner's request, the same call and quote) once a void is
 * no longer possible, so an agent or customer who phones in is not told to do it themselves.
 */
const ROLE_ACTIONS: Record<'owner' | 'manage', readonly BookingAction[]> = {
  owner: ['confirm', 'cancel', 'requestVoid', 'requestRefund', 'ticket'],
  manage: ['confirm', 'cancel', 'void', 'approveVoid', 'rejectVoid', 'issue', 'reject', 'startRefund', 'approveRefund', 'rejectRefund'],
};

/** Staff void a ticket at once (`void`) or carry out the owner's request (`approveVoid`): the same event from two states. */
const ONLY_FROM: Partial<Record<BookingAction, BookingStatus>> = { void: 'ticketed', approveVoid: 'requested' };

/** The rules of time: a void inside the void window; a refund after it, while the ticket is unflown. */
function inTime(action: BookingAction, b: BookingFacts): boolean {
  if (action === 'requestVoid' || action === 'void' || action === 'approveVoid') return b.void_window_open;
  if (action === 'requestRefund' || action === 'startRefund') return !b.void_window_open && !!b.refund_open;
  // The owner tickets a PNR it imported and saved unticketed, paying from its wallet (the server says which).
  if (action === 'ticket') return !!b.owner_may_ticket;
  return true;
}

/**
 * The actions the server will accept for this user on this booking: those of the user's role whose event the
 * booking's lifecycle takes in its status, within their time rules (the server enforces the same).
 */
export function availableActions(b: BookingFacts): BookingAction[] {
  if (b.access !== 'owner' && b.access !== 'manage') return [];
  return ROLE_ACTIONS[b.access].filter((a) => stepOf('flight', b.status, EVENT_OF[a]) !== null && (ONLY_FROM[a] ?? b.status) === b.status && inTime(a, b));
}

/** The API call of each action (the refund calls name the booking in the path). */
export function callOf(action: BookingAction, id = 0): { path: string; body: Record<string, unknown> } {
  switch (action) {
    case 'requestRefund': case 'startRefund': return { path: `/bookings/${id}/request-refund`, body: {} };
    case 'approveRefund': return { path: `/bookings/${id}/refund`, body: {} };
    case 'ticket': return { path: `/import-pnr/${id}/ticket`, body: {} };
    case 'rejectRefund': return { path: `/bookings/${id}/reject-refund`, body: {} };
    case 'cancel': return { path: '/cancel-pnr', body: {} };
    case 'confirm': return { path: '/confirm-pnr', body: {} };
    case 'requestVoid': case 'void': return { path: '/void-booking', body: {} };
    case 'approveVoid': case 'issue': return { path: '/approve-booking', body: { decision: 'approve' } };
    case 'rejectVoid': case 'reject': return { path: '/approve-booking', body: { decision: 'reject' } };
  }
}

/** Actions whose dialog asks for a reason (optional for void requests, expected for rejections). */
export const ASKS_REASON: readonly BookingAction[] = ['requestVoid', 'rejectVoid', 'reject', 'void', 'requestRefund', 'rejectRefund', 'startRefund'];

/** Actions whose dialog first shows a quote loaded from the server. */
export const NEEDS_QUOTE: readonly BookingAction[] = ['requestRefund', 'startRefund'];

/** expected_refund: the refund the quote showed (requestRefund and startRefund only). */
export interface RunInput { action: BookingAction; id: number; status: BookingStatus; reason: string | null; expected_refund?: string }
export interface RunResult { message: string }
/** A failure as the app's call throws it, with the HTTP status when there was one. */
export type ActionFailure = Failure & { status?: number };

export interface BookingActionsContext {
  booking: BookingFacts;
  action: BookingAction | null;
  /** The refund quote shown in the dialog of a refund request. */
  quote: RefundQuote | null;
  reason: string;
  message: string | null;
  failure: ActionFailure | null;
}

export type BookingActionsEvent =
  | { type: 'CHOOSE'; action: BookingAction }
  | { type: 'REASON'; reason: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'DISMISS' }
  /** The booking as reloaded: the machine offers what it now allows. */
  | { type: 'LOADED'; booking: BookingFacts };

export type BookingActionsEmitted = { type: 'notify'; notice: Notice } | { type: 'reload' };

function missing<O, I>(name: string): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(async () => {
    throw new Error(`booking actions actor "${name}" was not provided`);
  });
}

/** 4xx answers are the server refusing (illegal transition, role, window closed); others are errors to retry. */
export const isRefusal = (f: ActionFailure) => f.status !== undefined && f.status >= 400 && f.status < 500;

export const bookingActionsMachine = setup({
  types: {
    context: {} as BookingActionsContext,
    events: {} as BookingActionsEvent,
    emitted: {} as BookingActionsEmitted,
    input: {} as { booking: BookingFacts },
  },
  actors: {
    runAction: missing<RunResult, RunInput>('runAction'),
    loadQuote: missing<RefundQuote, { id: number }>('loadQuote'),
  },
  guards: {
    allowed: ({ context, event }) => event.type === 'CHOOSE' && availableActions(context.booking).includes(event.action),
    quoted: ({ event }) => event.type === 'CHOOSE' && NEEDS_QUOTE.includes(event.action),
    quoteMissing: ({ context }) => !!context.action && NEEDS_QUOTE.includes(context.action) && !context.quote,
    refused: (_, f: ActionFailure) => isRefusal(f),
  },
  actions: {
    setBooking: assign({ booking: ({ event, context }) => (event.type === 'LOADED' ? event.booking : context.booking) }),
    clear: assign({ action: null, reason: '', failure: null, quote: null }),
    choose: assign({ action: ({ event }) => (event.type === 'CHOOSE' ? event.action : null), reason: '', failure: null, message: null, quote: null }),
    // A failed call (the quote or the action): kept for the screen, and its toast.
    keepFailure: assign({ failure: ({ event }) => toFailure((event as { error?: unknown }).error) as ActionFailure }),
    notifyFailure: emit(({ event }) => ({ type: 'notify' as const, notice: toFailure((event as { error?: unknown }).error).notice ?? { status: 'error' as const, key: 'errors.generic' } })),
    reload: emit({ type: 'reload' as const }),
  },
}).createMachine({
  id: 'bookingActions',
  context: ({ input }) => ({ booking: input.booking, action: null, quote: null, reason: '', message: null, failure: null }),
  initial: 'idle',
  on: { LOADED: { actions: 'setBooking' } },
  states: {
    idle: {
      on: {
        CHOOSE: [
          { guard: and(['allowed', 'quoted']), target: 'quoting', actions: 'choose' },
          { guard: 'allowed', target: 'confirming', actions: 'choose' },
        ],
      },
    },
    quoting: {
      invoke: {
        id: 'loadQuote',
        src: 'loadQuote',
        input: ({ context }) => ({ id: context.booking.id }),
        onDone: { target: 'confirming', actions: assign({ quote: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => toFailure(event.error) as ActionFailure },
            target: 'refused',
            actions: ['keepFailure', 'notifyFailure', 'reload'],
          },
          { target: 'error', actions: 'keepFailure' },
        ],
      },
      on: { CANCEL: { target: 'idle', actions: 'clear' } },
    },
    confirming: {
      on: {
        REASON: { actions: assign({ reason: ({ event }) => event.reason }) },
        CONFIRM: 'working',
        CANCEL: { target: 'idle', actions: 'clear' },
      },
    },
    working: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => ({
          action: context.action!, id: context.booking.id, status: context.booking.status, reason: context.reason.trim() || null,
          ...(context.quote ? { expected_refund: context.quote.refund.amount } : {}),
        }),
        onDone: {
          target: 'done',
          actions: [
            assign({ message: ({ event }) => event.output.message }),
            emit(({ event }) => ({ type: 'notify' as const, notice: { status: 'success' as const, text: event.output.message } })),
            emit({ type: 'reload' as const }),
          ],
        },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => toFailure(event.error) as ActionFailure },
            target: 'refused',
            actions: ['keepFailure', 'notifyFailure', 'reload'],
          },
          {
            target: 'error',
            actions: ['keepFailure', 'notifyFailure'],
          },
        ],
      },
      // Leaving the screen stops the actor, which aborts the call.
    },
    done: {
      on: {
        DISMISS: { target: 'idle', actions: 'clear' },
        CHOOSE: [
          { guard: and(['allowed', 'quoted']), target: 'quoting', actions: 'choose' },
          { guard: 'allowed', target: 'confirming', actions: 'choose' },
        ],
      },
    },
    refused: {
      on: { DISMISS: { target: 'idle', actions: 'clear' } },
    },
    error: {
      on: { RETRY: [{ guard: 'quoteMissing', target: 'quoting' }, { target: 'working' }], DISMISS: { target: 'idle', actions: 'clear' } },
    },
  },
});

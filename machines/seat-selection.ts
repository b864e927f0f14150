import { assign, emit, enqueueActions, setup } from 'xstate';
import type { BagOption, ExtrasAdded, ExtrasInput } from '../contract/flight-extras';
import type { Money } from '../contract/money';
import type { SeatMap } from '../contract/seat-maps';
import { toFailure, type Failure, type Notice } from './notice';
import { missing } from './request';
import {
  bagKey, bagRefusal, choiceKey, extrasOf, extrasTotal, firstSeated, hasExtras, heldSeats, SEAT_REFUSALS, seatRefusal, seedChoices,
  type SeatPassenger,
} from './seat-selection-rules';

export * from './seat-selection-rules';

/**
 * Seats and bags for a flight: at checkout (the choices go with the booking) or on a booked or ticketed booking
 * (bought at once). Pure: the app provides the calls and acts on what is emitted.
 *
 *   closed ─OPEN─► loading ─done─► choosing ─CONFIRM─┬─(checkout)──► closed   emits `chosen` with the extras and total
 *     ▲               └─error─► loadFailed ─RETRY─┘  └─(booking)──► submitting ─┬─► done         (wallet: notify + reload)
 *     └── CLOSE (emits `closed`) from any resting state                          ├─► redirecting  (card: the hosted page)
 *   choosing: PASSENGER, SEGMENT, SEAT, CLEAR_SEAT, BAG          409 (a seat went) ─┼─► loading (maps again, that seat dropped)
 *                                                                 422 ──────────────┼─► choosing with the server's message
 *                                                                 network ──────────┴─► submitFailed ─RETRY─► submitting
 *
 * A seat or bag the server would refuse (taken, an exit row for a child or infant, any seat or bag for an infant on
 * a lap) is refused here first with the server's own message. A purchase carries an idempotency key made with the
 * CONFIRM that starts it and kept by RETRY, and submitting takes no CONFIRM: a double click or a retried request
 * buys once.
 */

/** Where the maps and bag options come from: the offer at checkout, the booking after it. */
export type ExtrasSource = { kind: 'offer'; offerId: string } | { kind: 'booking'; pnr: string; offerId: string };
export interface LoadedExtras { maps: SeatMap[]; bags: BagOption[] }
export interface SubmitExtrasInput { pnr: string; extras: ExtrasInput; idempotencyKey: string }
export type ExtrasFailure = Failure & { status?: number };

export interface SeatSelectionInput {
  mode: 'checkout' | 'booking';
  source: ExtrasSource;
  passengers: SeatPassenger[];
  /** Choices made before (at checkout, what the booking holds so far). */
  initial?: ExtrasInput | null;
}

export interface SeatSelectionContext {
  mode: 'checkout' | 'booking';
  source: ExtrasSource;
  passengers: SeatPassenger[];
  initial: ExtrasInput | null;
  maps: SeatMap[];
  bags: BagOption[];
  /** The passenger and segment the picker shows. */
  passenger: number;
  segment: string | null;
  /** Seat per passenger and segment (choiceKey), the booking's own seats included. */
  seats: Record<string, string>;
  /** The seats the booking already holds (after booking). */
  held: Record<string, string>;
  /** Quantity per passenger and bag option (bagKey). */
  bagQty: Record<string, number>;
  /** Why the last choice was refused (a server sentence, translated by the screen). */
  refusal: string | null;
  failure: ExtrasFailure | null;
  idempotencyKey: string | null;
  result: ExtrasAdded | null;
}

export type SeatSelectionEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'PASSENGER'; index: number }
  | { type: 'SEGMENT'; segmentId: string }
  | { type: 'SEAT'; designator: string }
  | { type: 'CLEAR_SEAT' }
  | { type: 'BAG'; passenger: number; serviceId: string; quantity: number }
  | { type: 'CONFIRM'; idempotencyKey: string }
  | { type: 'RETRY' }
  | { type: 'BACK' };

export type SeatSelectionEmitted =
  | { type: 'chosen'; extras: ExtrasInput; total: Money }
  | { type: 'closed' }
  | { type: 'notify'; notice: Notice }
  | { type: 'redirect'; url: string }
  | { type: 'reload' };

const failureOf = (error: unknown) => toFailure(error) as ExtrasFailure;
const errorOf = (event: unknown) => failureOf((event as { error?: unknown }).error);
const outputOf = <T>(event: unknown) => (event as { output: T }).output;
// A field's own message says more than the summary above the fields.
const serverText = (f: ExtrasFailure) => Object.values(f.fieldErrors)[0] ?? f.notice?.text ?? null;

export const seatSelectionMachine = setup({
  types: {
    context: {} as SeatSelectionContext,
    events: {} as SeatSelectionEvent,
    emitted: {} as SeatSelectionEmitted,
    input: {} as SeatSelectionInput,
  },
  actors: {
    loadExtras: missing<LoadedExtras, { source: ExtrasSource }>('seat-selection', 'loadExtras'),
    submitExtras: missing<ExtrasAdded, SubmitExtrasInput>('seat-selection', 'submitExtras'),
  },
  guards: {
    // Checkout keeps the maps it loaded; a booking's change every purchase, so they load again.
    keepsMaps: ({ context }) => context.mode === 'checkout' && context.maps.length > 0,
    atCheckout: ({ context }) => context.mode === 'checkout',
    nothingChosen: ({ context }) => !hasExtras(extrasOf(context)),
    seatRefused: ({ context, event }) => event.type === 'SEAT' && !!context.segment && !!seatRefusal(context, context.passenger, context.segment, event.designator),
    bagRefused: ({ context, event }) => event.type === 'BAG' && !!bagRefusal(context.passengers, context.bags, event.passenger, event.serviceId, event.quantity),
    paysByCard: ({ event }) => !!outputOf<ExtrasAdded>(event).checkout_url,
    seatGone: ({ event }) => errorOf(event).status === 409,
    refused: ({ event }) => errorOf(event).status === 422,
  },
  actions: {
    setLoaded: assign(({ context, event }) => {
      const { maps, bags } = outputOf<LoadedExtras>(event);
      const held = heldSeats(maps);
      // Choices still on the maps stay (a seat taken meanwhile drops); the first load starts from `initial`.
      const previous = context.maps.length ? extrasOf(context) : context.initial;
      const { seats, bagQty } = seedChoices({ maps, bags, held, passengers: context.passengers, seats: {} }, previous);
      const segment = maps.some((m) => m.segment_id === context.segment) ? context.segment : maps[0]?.segment_id ?? null;
      return { maps, bags, held, seats, bagQty, segment, failure: null };
    }),
    keepFailure: assign({ failure: ({ event }) => errorOf(event) }),
    setPassenger: assign({
      passenger: ({ context, event }) => (event.type === 'PASSENGER' && event.index >= 0 && event.index < context.passengers.length ? event.index : context.passenger),
      refusal: null,
    }),
    setSegment: assign({
      segment: ({ context, event }) => (event.type === 'SEGMENT' && context.maps.some((m) => m.segment_id === event.segmentId) ? event.segmentId : context.segment),
      refusal: null,
    }),
    chooseSeat: assign({
      seats: ({ context, event }) => (event.type === 'SEAT' && context.segment ? { ...context.seats, [choiceKey(context.passenger, context.segment)]: event.designator } : context.seats),
      refusal: null,
    }),
    refuseSeat: assign({ refusal: ({ context, event }) => (event.type === 'SEAT' && context.segment ? seatRefusal(context, context.passenger, context.segment, event.designator) : null) }),
    // Clearing goes back to the seat the booking holds, if it holds one: a bought seat is changed, never dropped here.
    clearSeat: assign({
      seats: ({ context }) => {
        if (!context.segment) return context.seats;
        const key = choiceKey(context.passenger, context.segment);
        const { [key]: _dropped, ...rest } = context.seats;
        return context.held[key] ? { ...rest, [key]: context.held[key] } : rest;
      },
      refusal: null,
    }),
    setBag: assign({
      bagQty: ({ context, event }) => {
        if (event.type !== 'BAG') return context.bagQty;
        const { [bagKey(event.passenger, event.serviceId)]: _old, ...rest } = context.bagQty;
        return event.quantity > 0 ? { ...rest, [bagKey(event.passenger, event.serviceId)]: event.quantity } : rest;
      },
      refusal: null,
    }),
    refuseBag: assign({ refusal: ({ context, event }) => (event.type === 'BAG' ? bagRefusal(context.passengers, context.bags, event.passenger, event.serviceId, event.quantity) : null) }),
    refuseNothing: assign({ refusal: SEAT_REFUSALS.nothing }),
    handOver: emit(({ context }) => ({ type: 'chosen' as const, extras: extrasOf(context), total: extrasTotal(context) })),
    setKey: assign({ idempotencyKey: ({ event }) => (event.type === 'CONFIRM' ? event.idempotencyKey : null), refusal: null, failure: null }),
    setResult: assign({ result: ({ event }) => outputOf<ExtrasAdded>(event) }),
    redirect: emit(({ event }) => ({ type: 'redirect' as const, url: outputOf<ExtrasAdded>(event).checkout_url ?? '/' })),
    bought: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'notify', notice: { status: 'success', key: 'extras.bought' } });
      enqueue.emit({ type: 'reload' });
    }),
    // The server's reason takes the refusal's place under the picker; nothing was bought.
    refuseFromServer: assign({ refusal: ({ event }) => serverText(errorOf(event)) ?? SEAT_REFUSALS.taken, failure: ({ event }) => errorOf(event) }),
    notifyFailure: emit(({ event }) => ({ type: 'notify' as const, notice: errorOf(event).notice ?? { status: 'error' as const, key: 'errors.generic' } })),
    closed: emit({ type: 'closed' as const }),
    // Closing drops what was not bought; the next opening starts from what the booking holds.
    resetChoices: assign(({ context }) => ({
      seats: context.mode === 'checkout' ? context.seats : { ...context.held }, bagQty: context.mode === 'checkout' ? context.bagQty : {},
      refusal: null, failure: null, idempotencyKey: null, result: null,
    })),
  },
}).createMachine({
  id: 'seatSelection',
  context: ({ input }) => ({
    mode: input.mode, source: input.source, passengers: input.passengers, initial: input.initial ?? null, maps: [], bags: [],
    passenger: firstSeated(input.passengers), segment: null, seats: {}, held: {}, bagQty: {}, refusal: null, failure: null, idempotencyKey: null, result: null,
  }),
  initial: 'closed',
  states: {
    closed: { on: { OPEN: [{ guard: 'keepsMaps', target: 'choosing' }, { target: 'loading' }] } },
    loading: {
      invoke: {
        id: 'loadExtras', src: 'loadExtras', input: ({ context }) => ({ source: context.source }),
        onDone: { target: 'choosing', actions: 'setLoaded' },
        onError: { target: 'loadFailed', actions: 'keepFailure' },
      },
      on: { CLOSE: { target: 'closed', actions: ['resetChoices', 'closed'] } },
    },
    loadFailed: { on: { RETRY: 'loading', CLOSE: { target: 'closed', actions: ['resetChoices', 'closed'] } } },
    choosing: {
      on: {
        PASSENGER: { actions: 'setPassenger' },
        SEGMENT: { actions: 'setSegment' },
        SEAT: [{ guard: 'seatRefused', actions: 'refuseSeat' }, { actions: 'chooseSeat' }],
        CLEAR_SEAT: { actions: 'clearSeat' },
        BAG: [{ guard: 'bagRefused', actions: 'refuseBag' }, { actions: 'setBag' }],
        CONFIRM: [
          // At checkout the choices (none included) go with the booking: nothing is bought here.
          { guard: 'atCheckout', target: 'closed', actions: 'handOver' },
          { guard: 'nothingChosen', actions: 'refuseNothing' },
          { target: 'submitting', actions: 'setKey' },
        ],
        CLOSE: { target: 'closed', actions: ['resetChoices', 'closed'] },
      },
    },
    /** No event here: a second click cannot buy twice; leaving the screen aborts the call, whose key a retry reuses. */
    submitting: {
      invoke: {
        id: 'submitExtras', src: 'submitExtras',
        input: ({ context }) => ({ pnr: context.source.kind === 'booking' ? context.source.pnr : '', extras: extrasOf(context), idempotencyKey: context.idempotencyKey ?? '' }),
        onDone: [
          { guard: 'paysByCard', target: 'redirecting', actions: ['setResult', 'redirect'] },
          { target: 'done', actions: ['setResult', 'bought'] },
        ],
        onError: [
          { guard: 'seatGone', target: 'loading', actions: 'refuseFromServer' },
          { guard: 'refused', target: 'choosing', actions: 'refuseFromServer' },
          { target: 'submitFailed', actions: ['keepFailure', 'notifyFailure'] },
        ],
      },
    },
    submitFailed: {
      on: {
        RETRY: 'submitting',
        BACK: { target: 'choosing', actions: assign({ failure: null }) },
        CLOSE: { target: 'closed', actions: ['resetChoices', 'closed'] },
      },
    },
    /** The browser leaves for the hosted payment page; the extras wait for its answer on the server. */
    redirecting: {},
    done: { on: { CLOSE: { target: 'closed', actions: ['resetChoices', 'closed'] } } },
  },
});

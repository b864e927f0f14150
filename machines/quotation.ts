import { assign, enqueueActions, fromPromise, raise, setup, type PromiseActorLogic } from 'xstate';
import type { SentQuotation } from '../contract/quotations';
import type { FlightOffer } from '../contract/flights';
import { toFailure, type Notice } from './notice';

/**
 * Quotations: search flights, pick up to five offers, email them to a customer. The recent quotes
 * beside it load at once and again after each send, so the list always shows the one just sent. Pure: the
 * app provides the three calls (abortable) and shows the emitted notices.
 *
 *   flow:    idle ─SEARCH─► searching ─done─► picking ⇄ TOGGLE (at most five) ─SEND─► sending ─done─► sent
 *                  ▲            └─error─► searchFailed                                      └─error─► sendFailed
 *                  └──────── SEARCH from any state but searching (which restarts) ─────────────────────────┘
 *            sent / sendFailed ─TOGGLE─► picking, ─SEND─► sending (again, to another customer or after a fix)
 *   recent:  loading ─done─► shown | ─error─► failed;  RELOAD_RECENT (retry, or raised after a send) ─► loading
 */

export const MAX_PICKED = 5;

export interface QuoteSearch { origin: string; destination: string; date: string; adults: string }
export interface QuoteRecipient { email: string; name: string; note: string; markup: string }
/** A quotation as the server answers it once sent. */
export type SentQuote = SentQuotation;
export interface SendQuoteInput { offers: Pick<FlightOffer, 'id' | 'supplier'>[]; recipient: QuoteRecipient }
export interface SendQuoteResult { quote: SentQuote; notice: Notice | null }

export interface QuotationInput { maxPicked?: number }

export interface QuotationContext {
  maxPicked: number;
  offers: FlightOffer[] | null;
  /** The picked offers' ids, sorted (the order of ticking does not matter). */
  picked: string[];
  sent: SentQuote | null;
  recent: SentQuote[] | null;
  /** Per field, the first message of the last failed search or send (the view shows each beside its form). */
  searchErrors: Record<string, string>;
  sendErrors: Record<string, string>;
}

export type QuotationEvent =
  | { type: 'SEARCH'; query: QuoteSearch }
  | { type: 'TOGGLE'; id: string }
  | { type: 'SEND'; recipient: QuoteRecipient }
  | { type: 'RELOAD_RECENT' };

export type QuotationEmitted = { type: 'notify'; notice: Notice };

function missing<O, I>(name: string): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(async () => {
    throw new Error(`quotation actor "${name}" was not provided`);
  });
}

const errorOf = (event: unknown) => toFailure((event as { error: unknown }).error);
/** On each state, not on the region: a region's re-entering transition would restart the whole parallel machine. */
const search = { target: 'searching', actions: 'startSearch' } as const;

export const quotationMachine = setup({
  types: { context: {} as QuotationContext, events: {} as QuotationEvent, emitted: {} as QuotationEmitted, input: {} as QuotationInput },
  actors: {
    searchOffers: missing<FlightOffer[], QuoteSearch>('searchOffers'),
    sendQuote: missing<SendQuoteResult, SendQuoteInput>('sendQuote'),
    loadRecent: missing<SentQuote[], void>('loadRecent'),
  },
  guards: {
    // Unticking always works; ticking a sixth is refused (the box stays clear).
    canToggle: ({ context, event }) => event.type === 'TOGGLE' && (context.picked.includes(event.id) || context.picked.length < context.maxPicked),
  },
  actions: {
    startSearch: assign(() => ({ offers: null, picked: [], sent: null, searchErrors: {}, sendErrors: {} })),
    setOffers: assign({ offers: ({ event }) => (event as unknown as { output: FlightOffer[] }).output }),
    searchFailed: assign({ searchErrors: ({ event }) => errorOf(event).fieldErrors }),
    toggle: assign({
      picked: ({ context, event }) => {
        if (event.type !== 'TOGGLE') return context.picked;
        return context.picked.includes(event.id) ? context.picked.filter((x) => x !== event.id) : [...context.picked, event.id].sort();
      },
      sent: null,
    }),
    startSend: assign(() => ({ sendErrors: {}, sent: null })),
    setSent: assign({ sent: ({ event }) => (event as unknown as { output: SendQuoteResult }).output.quote }),
    sendFailed: assign({ sendErrors: ({ event }) => errorOf(event).fieldErrors }),
    setRecent: assign({ recent: ({ event }) => (event as unknown as { output: SentQuote[] }).output }),
    notifySent: enqueueActions(({ event, enqueue }) => {
      const notice = (event as unknown as { output: SendQuoteResult }).output.notice;
      if (notice) enqueue.emit({ type: 'notify', notice });
    }),
    notifyFailure: enqueueActions(({ event, enqueue }) => {
      const notice = errorOf(event).notice;
      if (notice) enqueue.emit({ type: 'notify', notice });
    }),
    // The recent list shows the quote just sent.
    reloadRecent: raise({ type: 'RELOAD_RECENT' }),
  },
}).createMachine({
  id: 'quotation',
  type: 'parallel',
  context: ({ input }) => ({ maxPicked: input?.maxPicked ?? MAX_PICKED, offers: null, picked: [], sent: null, recent: null, searchErrors: {}, sendErrors: {} }),
  states: {
    flow: {
      initial: 'idle',
      states: {
        idle: { on: { SEARCH: search } },
        searching: {
          invoke: {
            id: 'searchOffers', src: 'searchOffers',
            input: ({ event }) => (event as Extract<QuotationEvent, { type: 'SEARCH' }>).query,
            onDone: { target: 'picking', actions: 'setOffers' },
            onError: { target: 'searchFailed', actions: ['searchFailed', 'notifyFailure'] },
          },
          // A newer search replaces the running one (its abort signal cancels the request).
          on: { SEARCH: { ...search, reenter: true } },
        },
        searchFailed: { on: { SEARCH: search } },
        picking: { on: { SEARCH: search, TOGGLE: { guard: 'canToggle', actions: 'toggle' }, SEND: 'sending' } },
        sending: {
          entry: 'startSend',
          invoke: {
            id: 'sendQuote', src: 'sendQuote',
            input: ({ context, event }) => ({
              offers: (context.offers ?? []).filter((o) => context.picked.includes(o.id)).map((o) => ({ id: o.id, supplier: o.supplier })),
              recipient: (event as Extract<QuotationEvent, { type: 'SEND' }>).recipient,
            }),
            onDone: { target: 'sent', actions: ['setSent', 'notifySent', 'reloadRecent'] },
            onError: { target: 'sendFailed', actions: ['sendFailed', 'notifyFailure'] },
          },
          // No SEARCH here: the mail going out would be for offers no longer shown; the search waits for it.
        },
        sent: { on: { SEARCH: search, TOGGLE: { guard: 'canToggle', target: 'picking', actions: 'toggle' }, SEND: 'sending' } },
        sendFailed: { on: { SEARCH: search, TOGGLE: { guard: 'canToggle', target: 'picking', actions: 'toggle' }, SEND: 'sending' } },
      },
    },
    recent: {
      initial: 'loading',
      states: {
        loading: {
          on: { RELOAD_RECENT: { target: 'loading', reenter: true } },
          invoke: {
            id: 'loadRecent', src: 'loadRecent',
            onDone: { target: 'shown', actions: 'setRecent' },
            onError: { target: 'failed', actions: 'notifyFailure' },
          },
        },
        shown: { on: { RELOAD_RECENT: 'loading' } },
        failed: { on: { RELOAD_RECENT: 'loading' } },
      },
    },
  },
});

import { assign, emit, setup } from 'xstate';
import type { PnrPreview } from '../contract/pnr';
import type { Money } from '../contract/money';
import { requestActions, missing, NO_FAILURE, type NavigateEmitted, type NotifyEmitted, type RequestState } from './request';
import type { Failure } from './notice';

/**
 * Bringing a booking made outside Safar in: staff (or an agent, for its own PNRs) look a PNR up by its record
 * locator in the supplier, or paste a GDS itinerary display; a PNR already in Safar opens its booking rather
 * than being imported twice; otherwise the preview fills the direct-booking form, which is submitted for an agent
 * (staff add a margin and may issue at once). Staff entering a booking by hand start at the form.
 *
 * A look-up's failure is kept in place (under the field it answers) and not toasted: the next look-up clears it
 * and its own failure takes its place, so one message stands at a time instead of a toast per attempt.
 *
 *   start ─by hand→ filling
 *     └→ asking ─LOOK_UP{how, value}→ lookingUp ─done, ours→ existing (navigate to the booking)
 *                       ↑                │        └done, preview→ filling
 *                       └───fail─────────┘ (the failure under the field, no toast)
 *   existing | filling ─LOOK_UP→ lookingUp
 *   filling ─SUBMIT{body}→ checking ─ok→ submitting ─done→ submitted (navigate to the booking)
 *                             │                 ├fail→ filling (the server's first message per field)
 *                             │                 └"Insufficient Balance"→ short
 *                             └invalid→ filling (the contract's messages, nothing sent)
 *   short ─SAVE_UNTICKETED→ submitting (the same booking, issue: false)
 *     │   ─EDIT→ filling;  ─SUBMIT→ checking;  ─LOOK_UP→ lookingUp
 *
 * Ticketing at once that the wallet cannot cover is no dead end: `short` holds the server's figures (needed,
 * available, short by) and offers to save the booking unticketed, to be ticketed from its page once topped up.
 */

export type LookUpHow = 'locator' | 'paste';
export interface LookUpInput { how: LookUpHow; value: string }
/** What a look-up finds: the booking already made from this PNR, or a preview to import. */
export type LookUpResult = { booking: { id: number; pnr: string } } | { preview: PnrPreview };

/** What ticketing needed and what the wallet had, as the server answered "Insufficient Balance". */
export interface WalletShortfall { needed: Money; available: Money; shortfall: Money }
/** A failed save that says the wallet was short, with the figures. */
export type ShortFailure = Failure & { wallet: WalletShortfall };
export const isShortFailure = (error: unknown): error is ShortFailure => typeof error === 'object' && error !== null && 'wallet' in error && !!(error as ShortFailure).wallet;

export interface PnrImportContext extends RequestState {
  /** The last look-up, so a pasted display travels with the booking it becomes. */
  asked: LookUpInput | null;
  existing: { id: number; pnr: string } | null;
  preview: PnrPreview | null;
  detailsBase: string;
  /** Entered by hand: no look-up, the form from the start. */
  byHand: boolean;
  /** The booking as the form sent it, once checked. */
  body: unknown;
  /** The wallet's figures while ticketing is short of funds. */
  short: WalletShortfall | null;
}

export type PnrImportEvent = { type: 'LOOK_UP'; how: LookUpHow; value: string } | { type: 'SUBMIT'; body: unknown } | { type: 'SAVE_UNTICKETED' } | { type: 'EDIT' };
export type PnrImportEmitted = NotifyEmitted | NavigateEmitted;

export const pnrImportMachine = setup({
  types: {
    context: {} as PnrImportContext,
    events: {} as PnrImportEvent,
    emitted: {} as PnrImportEmitted,
    input: {} as { detailsBase: string; byHand?: boolean },
  },
  actors: {
    lookUp: missing<LookUpResult, LookUpInput>('pnr import', 'lookUp'),
    /** The contract's schema over the form's booking: the body to send, or a Failure with a message per field. */
    checkBooking: missing<unknown, { body: unknown }>('pnr import', 'checkBooking'),
    submitBooking: missing<{ id: number; message?: string }, { body: unknown }>('pnr import', 'submitBooking'),
  },
  guards: {
    byHand: ({ context }) => context.byHand,
    isOurs: ({ event }) => 'booking' in (event as unknown as { output: LookUpResult }).output,
    isShort: ({ event }) => isShortFailure((event as unknown as { error: unknown }).error),
  },
  actions: {
    ...requestActions,
    ask: assign({ asked: ({ event }) => (event.type === 'LOOK_UP' ? { how: event.how, value: event.value } : null), existing: null, preview: null }),
  },
}).createMachine({
  id: 'pnrImport',
  context: ({ input }) => ({ asked: null, existing: null, preview: null, detailsBase: input.detailsBase, byHand: input.byHand ?? false, body: null, short: null, ...NO_FAILURE }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'byHand', target: 'filling' }, { target: 'asking' }],
    },
    asking: { on: { LOOK_UP: { target: 'lookingUp', actions: 'ask' } } },
    lookingUp: {
      entry: 'clearErrors',
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => context.asked!,
        onDone: [
          {
            guard: 'isOurs', target: 'existing',
            actions: [
              assign({ existing: ({ event }) => (event.output as { booking: { id: number; pnr: string } }).booking }),
              emit(({ context }) => ({ type: 'notify' as const, notice: { status: 'info' as const, key: 'pnr.opening', values: { pnr: context.existing!.pnr } } })),
              emit(({ context }) => ({ type: 'navigate' as const, to: `${context.detailsBase}?id=${context.existing!.id}` })),
            ],
          },
          { target: 'filling', actions: assign({ preview: ({ event }) => (event.output as { preview: PnrPreview }).preview }) },
        ],
        onError: { target: 'asking', actions: 'fail' },
      },
    },
    existing: { on: { LOOK_UP: { target: 'lookingUp', actions: 'ask' } } },
    filling: {
      on: {
        LOOK_UP: { target: 'lookingUp', actions: 'ask' },
        SUBMIT: 'checking',
      },
    },
    checking: {
      entry: 'clearErrors',
      invoke: {
        id: 'checkBooking',
        src: 'checkBooking',
        input: ({ event }) => ({ body: (event as { body?: unknown }).body }),
        onDone: { target: 'submitting', actions: assign({ body: ({ event }) => event.output }) },
        onError: { target: 'filling', actions: ['fail', emit({ type: 'notify' as const, notice: { status: 'error' as const, key: 'machines.fixFields' } })] },
      },
    },
    submitting: {
      invoke: {
        id: 'submitBooking',
        src: 'submitBooking',
        input: ({ context }) => ({ body: context.body }),
        onDone: {
          target: 'submitted',
          actions: ['notifySuccess', emit(({ context, event }) => ({ type: 'navigate' as const, to: `${context.detailsBase}?id=${event.output.id}` }))],
        },
        onError: [
          { guard: 'isShort', target: 'short', actions: assign({ short: ({ event }) => (event.error as ShortFailure).wallet }) },
          { target: 'filling', actions: 'failAndNotify' },
        ],
      },
    },
    short: {
      exit: assign({ short: null }),
      on: {
        SAVE_UNTICKETED: { target: 'submitting', actions: assign({ body: ({ context }) => ({ ...(context.body as object), issue: false }) }) },
        EDIT: 'filling',
        // The form stays open beside the figures: sent again as it stands (say, with ticketing unticked).
        SUBMIT: 'checking',
        LOOK_UP: { target: 'lookingUp', actions: 'ask' },
      },
    },
    submitted: { type: 'final' },
  },
});

import { assign, emit, enqueueActions, setup } from 'xstate';
import * as v from 'valibot';
import type { PlanQuote, Region } from '../contract/catalogue';
import { ageOnDay, coverDays, InsurancePolicyInput, policyDateErrors, type InsurancePolicy } from '../contract/insurance';
import type { Money } from '../contract/money';
import type { Notice } from './notice';
import { missing } from './request';
import { changedBetween, followFields } from './field-errors';

/**
 * Buying a travel insurance plan from its quote: the plan is quoted again for the link's trip, the
 * travellers' form comes prefilled with as many travellers as the quote had, the review shows the server's price
 * for the travellers' real ages and dates, and paying goes to the card checkout (or, for an agent, the wallet,
 * issued at once). Pure: the page provides the calls and acts on what is emitted (leave for the checkout, toasts).
 *
 *   loading ─done (plan eligible)─► editing ─SUBMIT (valid)─► pricing ─done (eligible)─► review ─CONFIRM─► buying
 *      ├done (not offered)─► unavailable     ▲  └SUBMIT (invalid): messages under fields     │          ├► issued (wallet)
 *      └fail─► loadFailed ─RETRY─► loading   │      pricing ─done (ineligible)/fail─► editing │          └► redirecting (card)
 *                                            │      pricing ─done (plan withdrawn)─► unavailable
 *                                            └──────────────── BACK ─────────────────────────┘
 *   buying fails: priceChanged (409) ─ACCEPT_PRICE─► review · fields (422) → editing · insufficientBalance · buyFailed
 */

export interface TravellerFields { title: string; first_name: string; last_name: string; date_of_birth: string; passport_number: string; nationality: string }
export interface PurchaseForm { start_date: string; end_date: string; travellers: TravellerFields[]; email: string; phone: string }
export type PurchaseField = 'start_date' | 'end_date' | 'email' | 'phone';
export type PurchaseRole = 'guest' | 'customer' | 'agent';

export type PurchaseFailureCode = 'price_changed' | 'insufficient_balance' | 'invalid' | 'other';
export interface PurchaseFailure { code: PurchaseFailureCode; notice: Notice | null; fieldErrors: Record<string, string>; total?: Money }

export interface QuoteRequest { days: number; region: Region; ages: number[] }
export type PolicyRequest = v.InferInput<typeof InsurancePolicyInput> & { idempotencyKey: string };

export interface PurchaseInput {
  role: PurchaseRole; planId: number; region: Region; days: number; ages: number[];
  /** The reader's calendar day (YYYY-MM-DD): the cover starts tomorrow by default. */
  today: string;
  idempotencyKey: string;
  email?: string;
  /** A form to start from instead of the blank one (a draft the caller kept; the model test starts from a filled one). */
  draft?: PurchaseForm;
}

export interface PurchaseContext extends PurchaseInput {
  form: PurchaseForm;
  /** The plan's quote: from the link first, then for the travellers' real ages and dates (the review's price). */
  quote: PlanQuote | null;
  expectedTotal: string | null;
  method: 'card' | 'wallet' | null;
  policy: InsurancePolicy | null;
  failure: PurchaseFailure | null;
  fieldErrors: Record<string, string>;
  /** Why the plan does not fit what was typed (the server's words), above the form. */
  reason: string | null;
}

export type PurchaseEvent =
  | { type: 'SET'; field: PurchaseField; value: string }
  | { type: 'SET_TRAVELLER'; index: number; field: keyof TravellerFields; value: string }
  | { type: 'ADD_TRAVELLER' } | { type: 'REMOVE_TRAVELLER'; index: number }
  | { type: 'SUBMIT' } | { type: 'BACK' } | { type: 'RETRY' } | { type: 'ACCEPT_PRICE' }
  | { type: 'CONFIRM'; method: 'card' | 'wallet' };
export type PurchaseEmitted = { type: 'notify'; notice: Notice } | { type: 'redirect'; url: string };

export const MAX_TRAVELLERS = 10;
const BLANK_TRAVELLER: TravellerFields = { title: '', first_name: '', last_name: '', date_of_birth: '', passport_number: '', nationality: '' };
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export function initialPurchase(input: PurchaseInput): PurchaseContext {
  const start = addDays(input.today, 1);
  return {
    ...input, quote: null, expectedTotal: null, method: null, policy: null, failure: null, fieldErrors: {}, reason: null,
    form: input.draft ?? {
      start_date: start, end_date: addDays(start, Math.max(1, input.days) - 1),
      travellers: Array.from({ length: Math.min(MAX_TRAVELLERS, Math.max(1, input.ages.length)) }, () => ({ ...BLANK_TRAVELLER })),
      email: input.email ?? '', phone: '',
    },
  };
}

/** The request as the server takes it (the method and expected total added when paying). */
export function policyRequest(c: PurchaseContext): PolicyRequest {
  return {
    plan_id: c.planId, region: c.region, start_date: c.form.start_date, end_date: c.form.end_date,
    travellers: c.form.travellers.map((t) => ({ ...t, title: t.title as never })),
    contact: { email: c.form.email, phone: c.form.phone }, payment_method: c.method ?? 'card',
    expected_total: c.expectedTotal, idempotencyKey: c.idempotencyKey,
  };
}

/** The contract's messages and the date rules, first per field, before anything is sent. */
export function purchaseErrors(c: PurchaseContext): Record<string, string> {
  const { idempotencyKey: _k, ...body } = policyRequest(c);
  const out: Record<string, string> = {};
  const parsed = v.safeParse(InsurancePolicyInput, body);
  if (!parsed.success) for (const i of parsed.issues) out[i.path?.map((p) => String(p.key)).join('.') ?? '_'] ??= i.message;
  const dated = /^\d{4}-\d{2}-\d{2}$/;
  if (dated.test(c.form.start_date) && dated.test(c.form.end_date)) {
    const travellers = c.form.travellers.map((t) => ({ date_of_birth: dated.test(t.date_of_birth) ? t.date_of_birth : '0000-01-01' }));
    for (const [k, m] of Object.entries(policyDateErrors({ ...c.form, travellers }, c.today))) out[k] ??= m;
  }
  return out;
}

export const quoteRequestOf = (c: PurchaseContext): QuoteRequest => ({
  days: coverDays(c.form.start_date, c.form.end_date), region: c.region,
  ages: c.form.travellers.map((t) => ageOnDay(t.date_of_birth, c.form.start_date)),
});

const failureOf = (error: unknown): PurchaseFailure => {
  const f = error as Partial<PurchaseFailure> | null;
  return f && typeof f === 'object' && 'code' in f ? f as PurchaseFailure : { code: 'other', notice: { status: 'error', key: 'errors.generic' }, fieldErrors: {} };
};
const codeIs = (code: PurchaseFailureCode) => ({ event }: { event: unknown }) => failureOf((event as { error?: unknown }).error).code === code;
/** The form as the request names its fields (the contact's under `contact`), so each message is matched to its field. */
const named = (f: PurchaseContext['form']) => ({ ...f, contact: { email: f.email, phone: f.phone } });
/** A changed form, and of the shown messages those still true (field-errors.ts). */
const followed = (c: PurchaseContext, form: PurchaseContext['form']) => ({
  form, fieldErrors: followFields(c.fieldErrors, { before: purchaseErrors(c), after: purchaseErrors({ ...c, form }) }, changedBetween(named(c.form), named(form))),
});
const planOf = (c: PurchaseContext, quotes: PlanQuote[]) => quotes.find((q) => q.plan.id === c.planId) ?? null;
const quotesOut = (event: unknown) => (event as { output: PlanQuote[] }).output;
const policyOut = (event: unknown) => (event as { output: InsurancePolicy }).output;

export const insurancePurchaseMachine = setup({
  types: { context: {} as PurchaseContext, events: {} as PurchaseEvent, input: {} as PurchaseInput, emitted: {} as PurchaseEmitted },
  actors: {
    quote: missing<PlanQuote[], QuoteRequest>('insurance-purchase', 'quote'),
    buy: missing<InsurancePolicy, PolicyRequest>('insurance-purchase', 'buy'),
  },
  guards: {
    offered: ({ context, event }) => !!planOf(context, quotesOut(event))?.eligible,
    planGone: ({ context, event }) => !planOf(context, quotesOut(event)),
    formValid: ({ context }) => Object.keys(purchaseErrors(context)).length === 0,
    canAdd: ({ context }) => context.form.travellers.length < MAX_TRAVELLERS,
    canRemove: ({ context }) => context.form.travellers.length > 1,
    canUseMethod: ({ context, event }) => event.type === 'CONFIRM' && (event.method === 'card' || context.role === 'agent'),
    issued: ({ event }) => policyOut(event).status === 'issued',
    hasCheckout: ({ event }) => !!policyOut(event).payment.checkout_url,
    isPriceChanged: codeIs('price_changed'),
    isInsufficient: codeIs('insufficient_balance'),
    hasFieldErrors: ({ event }) => Object.keys(failureOf((event as { error?: unknown }).error).fieldErrors).length > 0,
  },
  actions: {
    setPlan: assign({ quote: ({ context, event }) => planOf(context, quotesOut(event)) }),
    setPriced: assign(({ context, event }) => {
      const quote = planOf(context, quotesOut(event));
      return { quote, expectedTotal: quote?.total?.amount ?? null, reason: quote && !quote.eligible ? quote.reason : null, fieldErrors: {} };
    }),
    set: assign(({ context, event }) => (event.type === 'SET' ? followed(context, { ...context.form, [event.field]: event.value }) : {})),
    setTraveller: assign(({ context, event }) => {
      if (event.type !== 'SET_TRAVELLER') return {};
      const travellers = context.form.travellers.map((t, i) => (i === event.index ? { ...t, [event.field]: event.value } : t));
      return followed(context, { ...context.form, travellers });
    }),
    add: assign({ form: ({ context }) => ({ ...context.form, travellers: [...context.form.travellers, { ...BLANK_TRAVELLER }] }), fieldErrors: {} }),
    remove: assign(({ context, event }) => (event.type === 'REMOVE_TRAVELLER'
      ? { form: { ...context.form, travellers: context.form.travellers.filter((_, i) => i !== event.index) }, fieldErrors: {} } : {})),
    showErrors: assign({ fieldErrors: ({ context }) => purchaseErrors(context), reason: null }),
    setMethod: assign({ method: ({ event }) => (event.type === 'CONFIRM' ? event.method : null) }),
    setPolicy: assign({ policy: ({ event }) => policyOut(event), failure: null }),
    setFailure: assign(({ event }) => {
      const failure = failureOf((event as { error?: unknown }).error);
      return { failure, fieldErrors: failure.fieldErrors };
    }),
    clearFailure: assign({ failure: null }),
    acceptPrice: assign(({ context }) => ({ expectedTotal: context.failure?.total?.amount ?? context.expectedTotal, failure: null })),
    notifyFailure: enqueueActions(({ enqueue, event }) => {
      const notice = failureOf((event as { error?: unknown }).error).notice;
      if (notice) enqueue.emit({ type: 'notify', notice });
    }),
    redirect: emit(({ context }) => ({ type: 'redirect' as const, url: context.policy?.payment.checkout_url ?? '/' })),
  },
}).createMachine({
  id: 'insurancePurchase',
  context: ({ input }) => initialPurchase(input),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'quote', src: 'quote', input: ({ context }) => ({ days: context.days, region: context.region, ages: context.ages }),
        onDone: [{ guard: 'offered', target: 'editing', actions: 'setPlan' }, { target: 'unavailable', actions: 'setPlan' }],
        onError: { target: 'loadFailed', actions: 'setFailure' },
      },
    },
    loadFailed: { exit: 'clearFailure', on: { RETRY: 'loading' } },
    /** The plan is gone or does not fit the link's trip: the page offers the way back to the quotes. */
    unavailable: {},
    editing: {
      on: {
        SET: { actions: 'set' }, SET_TRAVELLER: { actions: 'setTraveller' },
        ADD_TRAVELLER: { guard: 'canAdd', actions: 'add' }, REMOVE_TRAVELLER: { guard: 'canRemove', actions: 'remove' },
        SUBMIT: [{ guard: 'formValid', target: 'pricing' }, { actions: 'showErrors' }],
      },
    },
    /** The server's price for these travellers and dates; a plan they do not fit says why above the form. */
    pricing: {
      invoke: {
        id: 'quote', src: 'quote', input: ({ context }) => quoteRequestOf(context),
        onDone: [
          { guard: 'offered', target: 'review', actions: 'setPriced' },
          { guard: 'planGone', target: 'unavailable', actions: 'setPlan' },
          { target: 'editing', actions: 'setPriced' },
        ],
        onError: { target: 'editing', actions: ['setFailure', 'notifyFailure'] },
      },
    },
    review: { on: { CONFIRM: { guard: 'canUseMethod', target: 'buying', actions: 'setMethod' }, BACK: 'editing' } },
    buying: {
      invoke: {
        id: 'buy', src: 'buy', input: ({ context }) => policyRequest(context),
        onDone: [
          { guard: 'issued', target: 'issued', actions: 'setPolicy' },
          { guard: 'hasCheckout', target: 'redirecting', actions: 'setPolicy' },
          { target: 'buyFailed', actions: 'setPolicy' },
        ],
        onError: [
          { guard: 'isPriceChanged', target: 'priceChanged', actions: 'setFailure' },
          { guard: 'isInsufficient', target: 'insufficientBalance', actions: 'setFailure' },
          { guard: 'hasFieldErrors', target: 'editing', actions: ['setFailure', 'notifyFailure'] },
          { target: 'buyFailed', actions: ['setFailure', 'notifyFailure'] },
        ],
      },
    },
    /** 409: the new total is shown; accepting pays it. */
    priceChanged: { on: { ACCEPT_PRICE: { target: 'review', actions: 'acceptPrice' }, BACK: { target: 'editing', actions: 'clearFailure' } } },
    /** "Insufficient Balance": the agent pays by card instead, or tops up first. */
    insufficientBalance: { exit: 'clearFailure', on: { BACK: 'review' } },
    buyFailed: { exit: 'clearFailure', on: { RETRY: 'buying', BACK: 'review' } },
    /** The browser leaves for the hosted checkout; /payment-result names the policy and links to its page. */
    redirecting: { entry: 'redirect' },
    /** Paid from the wallet: the policy number and a link to the policy. */
    issued: {},
  },
});

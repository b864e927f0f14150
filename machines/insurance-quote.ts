import { assign, emit, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import * as v from 'valibot';
import { InsuranceQuoteInput, type PlanQuote } from '../contract/catalogue';
import { toFailure, type Notice } from './notice';
import { recheck } from './field-errors';

/**
 * The travel insurance quote on the public insurance page: trip length, destination region and the travellers'
 * ages → a premium per plan (or why a plan does not fit). The form is checked with the contract's schema before
 * anything is sent (the server's own messages, at once); a quote the server refuses keeps the form and shows the
 * first message per field. Pure: the page provides `quote` (with an abort signal) and shows the notices.
 *
 *   editing ─QUOTE (valid)→ quoting ─done→ editing (quotes shown)
 *      │  ↑                    └─fail→ editing (field errors, toast, quotes cleared)
 *      │  └─ QUOTE (invalid): field errors at once, nothing sent
 *   SET (in any state): one field changes; a shown message goes once its field is right (field-errors.ts)
 *
 * Why quotes stay while a new one runs: the list keeps its place and only the button shows it is busy.
 */

export interface QuoteFields { days: string; region: string; ages: string }

export interface InsuranceQuoteContext {
  fields: QuoteFields;
  quotes: PlanQuote[] | null;
  /** First message per field (client check or server answer), kept while still true, until QUOTE again. */
  fieldErrors: Record<string, string>;
}

export type InsuranceQuoteEvent = { type: 'SET'; field: keyof QuoteFields; value: string } | { type: 'QUOTE' };
export type InsuranceQuoteEmitted = { type: 'notify'; notice: Notice };

export const QUOTE_DEFAULTS: QuoteFields = { days: '7', region: 'asia', ages: '30' };

/** First message per field; the ages list's per-age messages ("ages.2") show on its one field. */
export function quoteErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) out[key.startsWith('ages.') ? 'ages' : key] ??= message;
  return out;
}

function check(fields: QuoteFields): Record<string, string> {
  const result = v.safeParse(InsuranceQuoteInput, fields);
  if (result.success) return {};
  return quoteErrors(Object.fromEntries(result.issues.map((i) => [i.path?.map((p) => String(p.key)).join('.') ?? '_', i.message]).reverse()));
}

export const insuranceQuoteMachine = setup({
  types: {
    context: {} as InsuranceQuoteContext,
    events: {} as InsuranceQuoteEvent,
    emitted: {} as InsuranceQuoteEmitted,
  },
  actors: {
    quote: fromPromise<PlanQuote[], QuoteFields>(async () => { throw new Error('insurance quote: provide "quote"'); }) as PromiseActorLogic<PlanQuote[], QuoteFields>,
  },
  guards: {
    valid: ({ context }) => Object.keys(check(context.fields)).length === 0,
  },
  actions: {
    set: assign(({ context, event }) => {
      if (event.type !== 'SET') return {};
      const fields = { ...context.fields, [event.field]: event.value };
      return { fields, fieldErrors: recheck(context.fieldErrors, context.fields, fields, check) };
    }),
    showClientErrors: assign({ fieldErrors: ({ context }) => check(context.fields) }),
    clearErrors: assign({ fieldErrors: {} }),
  },
}).createMachine({
  id: 'insuranceQuote',
  context: { fields: QUOTE_DEFAULTS, quotes: null, fieldErrors: {} },
  initial: 'editing',
  // Typing goes on while a quote runs (the fields stay editable; the answer is for what was sent).
  on: { SET: { actions: 'set' } },
  states: {
    editing: {
      on: {
        QUOTE: [{ guard: 'valid', target: 'quoting' }, { actions: 'showClientErrors' }],
      },
    },
    quoting: {
      entry: 'clearErrors',
      invoke: {
        id: 'quote',
        src: 'quote',
        input: ({ context }) => context.fields,
        onDone: { target: 'editing', actions: assign({ quotes: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: [
            assign({ quotes: null, fieldErrors: ({ event }) => quoteErrors(toFailure(event.error).fieldErrors) }),
            emit(({ event }) => ({ type: 'notify' as const, notice: toFailure(event.error).notice ?? { status: 'error' as const, key: 'errors.generic' } })),
          ],
        },
      },
    },
  },
});

import * as v from 'valibot';
import { assign, emit, setup } from 'xstate';
import type { PackageBooking, PackageKind, PackageOffer, Sharing } from '../contract/package-bookings';
import { PKM, PACKAGE_LIMITS, PackageTravellerInput, packageTravellerErrors } from '../contract/package-bookings';
import { ContactInput } from '../contract/bookings';
import { toFailure, type Failure } from './notice';
import { failureNotice, missing, NO_FAILURE, type NavigateEmitted, type NotifyEmitted } from './request';
import { recheck } from './field-errors';
import { passportAcknowledgementErrors } from './passport-warning';

/**
 * Booking a holiday or an umrah package: the departure (with the seats it has left) and the room
 * sharing with its per-person price, the travellers, a review of the price the server computes (per person ×
 * travellers, the offer's own numbers), then the card checkout (the app leaves for the provider) or the wallet
 * (agents) and the result. Pure: the app provides the calls and acts on what is emitted.
 *
 *   loading ─done─► choosing ─NEXT (departure, sharing, seats left)─► travellers ─SUBMIT (valid)─► review ─CONFIRM─► booking
 *      └fail─► loadFailed ─RETRY─► loading          ▲ BACK                    ▲ BACK          │
 *   booking ─┬► redirecting (card: emits checkout) · done (wallet: paid)
 *            ├► travellers (422 with field errors) · review (Insufficient Balance, other errors: a toast)
 *            └► loading (409 not enough places: the seats are read again and the choice asked again)
 */
/** A traveller as typed: the title is the traveller's to choose, so it starts empty. */
export type PackageTravellerDraft = Omit<PackageTravellerInput, 'title'> & { title: string };
/**
 * The travellers form as typed. `passports_acknowledged`: the user confirmed they checked the entry rules for a
 * passport that runs out within six months of the return (passport-warning.ts); it stays on the client.
 */
export interface PackageBookingForm { travellers: PackageTravellerDraft[]; contact: ContactInput; passports_acknowledged?: boolean }
export interface PackageBookingRequest extends Omit<PackageBookingForm, 'passports_acknowledged'> {
  kind: PackageKind; package_id: number; departure_id: number; sharing: Sharing; payment_method: 'card' | 'wallet'; idempotencyKey: string;
}
export interface PackageBookingContext {
  kind: PackageKind; packageId: number; role: string | null; today: string;
  offer: PackageOffer | null; departureId: number | null; sharing: Sharing | null; count: number;
  form: PackageBookingForm | null; booking: PackageBooking | null; idempotencyKey: string;
  failure: Failure | null; fieldErrors: Record<string, string>;
}
export type PackageBookingEvent =
  | { type: 'SELECT_DEPARTURE'; id: number } | { type: 'SELECT_SHARING'; sharing: Sharing } | { type: 'SET_COUNT'; count: number }
  | { type: 'NEXT' } | { type: 'BACK' } | { type: 'RETRY' }
  | { type: 'SUBMIT_TRAVELLERS'; form: PackageBookingForm; idempotencyKey: string }
  /** The form changed: a shown message goes as soon as its field is right. */
  | { type: 'EDIT_TRAVELLERS'; form: PackageBookingForm }
  | { type: 'CONFIRM'; method: 'card' | 'wallet' };
/** `checkout`: leave for the card page; the reference and email let a guest's tab find the booking on return. */
export type PackageBookingEmitted = NotifyEmitted | NavigateEmitted | { type: 'checkout'; url: string; reference: string; email: string };

/**
 * The travellers form checked as the server will (the contract's schemas, the passport valid on the return date,
 * born before today): field path → the first message.
 */
export function packageFormErrors(form: PackageBookingForm, returnDate: string | null, today: string): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (prefix: string, issues: v.BaseIssue<unknown>[]) => {
    for (const issue of issues) out[`${prefix}.${v.getDotPath(issue) ?? ''}`.replace(/\.$/, '')] ??= issue.message;
  };
  form.travellers.forEach((t, i) => {
    const r = v.safeParse(PackageTravellerInput, t);
    if (!r.success) add(`travellers.${i}`, r.issues);
  });
  const c = v.safeParse(ContactInput, form.contact);
  if (!c.success) add('contact', c.issues);
  // A malformed date already has the schema's message, which stays the first.
  if (returnDate) for (const [k, m] of Object.entries(packageTravellerErrors(form.travellers, returnDate, today))) out[k] ??= m;
  Object.assign(out, passportAcknowledgementErrors(form.travellers.map((t) => t.passport_expiry), returnDate, !!form.passports_acknowledged));
  return out;
}

const failureText = (error: unknown) => toFailure(error).notice?.text;
const departureOf = (c: PackageBookingContext) => c.offer?.departures.find((d) => d.id === c.departureId) ?? null;
/** The per-person price of the chosen sharing, in minor units, from the server's offer. */
export const perPersonMinor = (c: PackageBookingContext) => {
  const s = c.offer?.sharings.find((x) => x.sharing === c.sharing);
  return s ? Math.round(Number(s.per_person.amount) * 100) : null;
};

export const packageBookingMachine = setup({
  types: {
    context: {} as PackageBookingContext,
    events: {} as PackageBookingEvent,
    input: {} as { kind: PackageKind; packageId: number; role: string | null; today: string },
    emitted: {} as PackageBookingEmitted,
  },
  actors: {
    loadOffer: missing<PackageOffer, { kind: PackageKind; packageId: number }>('package-booking', 'loadOffer'),
    createBooking: missing<PackageBooking, PackageBookingRequest>('package-booking', 'createBooking'),
  },
  guards: {
    choiceComplete: ({ context: c }) => {
      const d = departureOf(c);
      return !!d && perPersonMinor(c) !== null && c.count >= 1 && c.count <= Math.min(d.seats_available, PACKAGE_LIMITS.maxTravellers);
    },
    formValid: ({ context, event }) => event.type === 'SUBMIT_TRAVELLERS' && event.form.travellers.length === context.count
      && Object.keys(packageFormErrors(event.form, departureOf(context)?.return_date ?? null, context.today)).length === 0,
    canUseMethod: ({ context, event }) => event.type === 'CONFIRM' && (event.method === 'card' || context.role === 'agent'),
    hasCheckout: ({ event }) => !!(event as unknown as { output: PackageBooking }).output.payment.checkout_url,
    hasFieldErrors: ({ event }) => Object.keys(toFailure((event as { error?: unknown }).error).fieldErrors).length > 0,
    noPlaces: ({ event }) => failureText((event as { error?: unknown }).error) === PKM.notEnoughPlaces,
  },
  actions: {
    fail: assign(({ event }) => { const f = toFailure((event as { error?: unknown }).error); return { failure: f, fieldErrors: f.fieldErrors }; }),
    notifyFailure: emit(({ event }) => ({ type: 'notify' as const, notice: failureNotice((event as { error?: unknown }).error) })),
    clearErrors: assign(() => NO_FAILURE),
  },
}).createMachine({
  id: 'packageBooking',
  context: ({ input }) => ({
    kind: input.kind, packageId: input.packageId, role: input.role, today: input.today, offer: null, departureId: null, sharing: null, count: 1,
    form: null, booking: null, idempotencyKey: '', ...NO_FAILURE,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOffer', src: 'loadOffer', input: ({ context }) => ({ kind: context.kind, packageId: context.packageId }),
        onDone: {
          target: 'choosing',
          // A choice that no longer fits (the departure gone or too few seats) is asked again.
          actions: assign(({ context, event }) => {
            const offer = event.output;
            const d = offer.departures.find((x) => x.id === context.departureId && x.seats_available >= context.count);
            return { offer, departureId: d ? d.id : null, sharing: context.sharing ?? offer.sharings[0]?.sharing ?? null };
          }),
        },
        onError: { target: 'loadFailed', actions: 'fail' },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    choosing: {
      on: {
        SELECT_DEPARTURE: { actions: assign({ departureId: ({ event }) => event.id }) },
        SELECT_SHARING: { actions: assign({ sharing: ({ event }) => event.sharing }) },
        SET_COUNT: { actions: assign({ count: ({ event }) => Math.max(1, Math.min(PACKAGE_LIMITS.maxTravellers, Math.round(event.count) || 1)) }) },
        NEXT: { guard: 'choiceComplete', target: 'travellers' },
      },
    },
    travellers: {
      on: {
        BACK: 'choosing',
        SUBMIT_TRAVELLERS: [
          { guard: 'formValid', target: 'review', actions: [assign(({ event }) => ({ form: event.form, idempotencyKey: event.idempotencyKey })), 'clearErrors'] },
          // What was typed stays (the form keeps it); the messages go under the fields.
          { actions: assign(({ context, event }) => ({ form: event.form, fieldErrors: packageFormErrors(event.form, departureOf(context)?.return_date ?? null, context.today) })) },
        ],
        EDIT_TRAVELLERS: {
          actions: assign(({ context, event }) => ({
            form: event.form,
            fieldErrors: recheck(context.fieldErrors, context.form, event.form, (f) => (f ? packageFormErrors(f, departureOf(context)?.return_date ?? null, context.today) : {})),
          })),
        },
      },
    },
    review: {
      on: { BACK: 'travellers', CONFIRM: { guard: 'canUseMethod', target: 'booking' } },
    },
    booking: {
      invoke: {
        id: 'createBooking', src: 'createBooking',
        input: ({ context: c, event }) => ({
          travellers: c.form!.travellers, contact: c.form!.contact, kind: c.kind, package_id: c.packageId, departure_id: c.departureId!, sharing: c.sharing!,
          payment_method: event.type === 'CONFIRM' ? event.method : 'card', idempotencyKey: c.idempotencyKey,
        }),
        onDone: [
          { guard: 'hasCheckout', target: 'redirecting', actions: [assign({ booking: ({ event }) => event.output }), emit(({ event }) => ({ type: 'checkout' as const, url: event.output.payment.checkout_url!, reference: event.output.reference, email: event.output.contact.email }))] },
          { target: 'done', actions: assign({ booking: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'hasFieldErrors', target: 'travellers', actions: ['fail', 'notifyFailure'] },
          // The seats went meanwhile (nothing was written, so the same key serves the next try).
          { guard: 'noPlaces', target: 'loading', actions: ['fail', 'notifyFailure'] },
          { target: 'review', actions: ['fail', 'notifyFailure'] },
        ],
      },
    },
    redirecting: {},
    done: {},
  },
});

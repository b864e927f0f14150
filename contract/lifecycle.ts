import * as v from 'valibot';

/**
 * A booking's trace on its lifecycle machine (machines/lifecycle/), as GET /bookings/{kind}/{reference}/trace
 * answers it: the machine (its id in the statechart explorer's catalogue), the state it is in, the steps that
 * brought it there, the events it can take next with where each leads, and the deadlines that will fire on
 * their own. Staff who read bookings and analysts read it; the booking's owner does not.
 */
export const TRACE_KINDS = ['flight', 'hotel', 'package', 'visa', 'insurance'] as const;
export type TraceKind = (typeof TRACE_KINDS)[number];

export const TraceParams = v.object({
  kind: v.string(),
  /** As shown to users: a PNR, HTL-…, PK-…, VA-…, SI-…. */
  reference: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.minLength(1, 'Enter a reference.'), v.maxLength(40, 'Enter a reference of at most 40 characters.')),
});

export interface TraceStep {
  /** Null for the step that made the booking. */
  from: string | null;
  event: string;
  to: string;
  at: string;
  /** "system", "provider" (the payment provider), "guest", or the user's role and id ("reservation #4"). */
  by: string;
}

export interface BookingTrace {
  machine: string;
  state: string;
  steps: TraceStep[];
  next: { event: string; to: string }[];
  deadlines: { event: string; at: string }[];
}

export const TRACE_MESSAGES = {
  unknownKind: 'There is no such kind of booking.',
  notFound: 'Booking not found.',
} as const;

import * as v from 'valibot';
import type { Role } from './roles';

/**
 * Support sessions: a signed-in user starts one from the account menu and reads its code out; an analyst (flows.view)
 * joins with the code and follows that user's running machines live in the statechart explorer. The user's tab sends
 * its masked machine messages to the server only while the session is joined; the analyst polls them. Nothing else
 * about the user crosses: the analyst sees the role and a masked name.
 */

/** Letters and digits that cannot be misread for another when read out (no I, L, O, 0 or 1). */
export const SUPPORT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SUPPORT_CODE_LENGTH = 6;
/** How long a session lasts from its start, joined or not. */
export const SUPPORT_SESSION_MINUTES = 30;
/** Messages the server keeps per session (the newest), and takes in one batch. */
export const SUPPORT_EVENTS_KEPT = 500;
export const SUPPORT_BATCH_MAX = 100;

/** A code as typed: spaces and dashes dropped, letters upper-cased. */
export const normalizeSupportCode = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

export type SupportStatus = 'waiting' | 'joined' | 'ended';
/** Who ended it, or `expired` when its time ran out. */
export type SupportEnd = 'user' | 'analyst' | 'expired';

/** The user's own session. */
export interface MySupportSession {
  code: string;
  status: SupportStatus;
  expires_at: string;
  ended: SupportEnd | null;
}

/** The session the analyst follows: whose it is (role and masked name), never more. */
export interface FollowedSession {
  id: string;
  user: { role: Role; name: string };
  status: SupportStatus;
  expires_at: string;
  ended: SupportEnd | null;
}

/** One machine message as the user's tab publishes it (src/features/flows/live/protocol.ts), already masked. */
export interface SupportMessage {
  type: 'state';
  /** The app tab (random per page load) and the page it shows. */
  tab: string;
  path: string;
  /** The actor (its session id) and its machine's id (a catalogue machine's root state id). */
  actor: string;
  machine: string;
  time: number;
  /** The event that led here, masked; null for the state the actor was found in. */
  event: { type: string; [k: string]: unknown } | null;
  value: unknown;
  status: string;
}

/** What a poll answers: the session as it stands and the messages after the `after` asked for, each numbered. */
export interface SupportEventsPage extends FollowedSession {
  seq: number;
  events: (SupportMessage & { seq: number })[];
}

const text = (max: number) => v.pipe(v.string(), v.maxLength(max, `At most ${max} characters.`));

export const SupportCodeInput = v.object({
  code: v.pipe(
    v.string('Enter the code.'),
    v.transform(normalizeSupportCode),
    v.regex(new RegExp(`^[${SUPPORT_CODE_ALPHABET}]{${SUPPORT_CODE_LENGTH}}$`), 'The code is 6 letters and digits.'),
  ),
});

const Message = v.object({
  type: v.literal('state'),
  tab: text(32),
  path: text(300),
  actor: text(64),
  machine: text(64),
  time: v.pipe(v.number(), v.finite()),
  event: v.nullable(v.looseObject({ type: text(120) })),
  value: v.unknown(),
  status: text(20),
});

export const SupportEventsInput = v.object({
  events: v.pipe(v.array(Message), v.maxLength(SUPPORT_BATCH_MAX, 'At most 100 messages at once.')),
});

/** Long poll: the messages after `after`, waiting up to `wait` seconds for one when there is none yet. */
export const SupportPollQuery = v.object({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'after is a message number.'), v.transform(Number)), '0'),
  wait: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'wait is a number of seconds.'), v.transform(Number), v.maxValue(20, 'wait is at most 20 seconds.')), '15'),
});

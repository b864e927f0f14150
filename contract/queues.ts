/**
 * Ticketing queues: worklists of flight bookings that need someone to act before a deadline. Nothing is stored:
 * a booking is in a queue while its condition holds, so acting on it (ticketing, voiding, answering, refunding)
 * takes it out at the next read.
 */
import * as v from 'valibot';

export const QUEUES = ['holds_expiring', 'ticketing_time_limit', 'void_window_closing', 'schedule_changes', 'refunds_pending', 'failed_payments'] as const;
export type QueueName = (typeof QUEUES)[number];

/** Server messages (locales/*.json `server` holds their Arabic). */
export const QM = {
  unknownQueue: 'Choose one of the queues.',
  unknownZone: 'Unknown time zone.',
} as const;

/** Why a row is in its queue: a sentence key the app words (queues.reason.*). */
export const QUEUE_REASONS = [
  'hold_expires', 'supplier_time_limit', 'void_window_closes', 'schedule_change_unanswered', 'refund_requested', 'void_requested',
  'payment_failed', 'refund_failed',
] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

/** What clears a row, done on the booking's page: a key the app words (queues.action.*). */
export const QUEUE_ACTIONS = ['ticket_or_cancel', 'issue_before_limit', 'check_or_void', 'answer_change', 'decide_refund', 'decide_void', 'pay_again', 'settle_refund'] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

/** GET /queues: each queue with its size and its nearest deadline (null when none of its rows has one). */
export interface QueueSummary { queue: QueueName; count: number; oldest_deadline: string | null }

/** A row of GET /queues/{queue}. */
export interface QueueRow {
  booking_id: number;
  pnr: string;
  /** Airports in order, "KHI-DXB-KHI". */
  route: string;
  /** Who the booking is for: the agent's or customer's name, or the contact email of a guest. */
  who: string;
  channel: string;
  status: string;
  reason: QueueReason;
  /** ISO instant by which to act; null when the condition has no deadline of its own (a refund waiting). */
  deadline: string | null;
  action: QueueAction;
  /** The booking's page for this reader, where the action lives. */
  link: string;
}

const zone = (isValidTimeZone: (tz: string) => boolean) =>
  v.optional(v.pipe(v.string(QM.unknownZone), v.trim(), v.check(isValidTimeZone, QM.unknownZone)));

/** `tz`: the reader's time zone, which decides what "today" is for the void window; the booking rules' zone by default. */
export const queueQuery = (isValidTimeZone: (tz: string) => boolean = () => true) => v.object({ tz: zone(isValidTimeZone) });
export const QueueParam = v.object({ queue: v.picklist(QUEUES, QM.unknownQueue) });

/**
 * In-app notices: what happened (kind), the words' ingredients (params) and the screen behind it (link). The
 * app words each kind from its locale keys (notifications.kinds.<kind>) with the params, in the reader's
 * language; the server never stores the sentence.
 */

/** To staff, chosen by permission. */
export const STAFF_NOTICE_KINDS = ['agent_registered', 'agent_verified', 'deposit_submitted', 'void_requested', 'visa_submitted', 'agent_hold_expiring', 'refund_requested', 'booking_reissued', 'card_refund_failed', 'airline_change', 'ticket_issue_failed', 'agent_credit_low', 'agents_payments_due'] as const;
/**
 * To an agent, about its own account, deposits and bookings; schedule_changed and the price alerts' price_dropped
 * and fare_sold_out go to a customer as well.
 */
export const AGENT_NOTICE_KINDS = ['agent_approved', 'deposit_approved', 'deposit_rejected', 'booking_ticketed', 'void_approved', 'void_rejected', 'hold_expiring', 'refund_approved', 'refund_rejected', 'reissued_by_staff', 'schedule_changed', 'price_dropped', 'fare_sold_out', 'credit_low', 'payments_due'] as const;
export const NOTICE_KINDS = [...STAFF_NOTICE_KINDS, ...AGENT_NOTICE_KINDS] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export type NoticeParams = Record<string, string | number>;

export interface Notice {
  id: number;
  kind: NoticeKind;
  subject_type: 'user' | 'deposit' | 'booking' | 'visa_application' | 'price_alert';
  subject_id: number;
  /** The app path of the screen behind the notice. */
  link: string;
  params: NoticeParams;
  created_at: string;
  read_at: string | null;
}

export interface NoticePage {
  data: Notice[];
  meta: { page: number; per_page: number; total: number; unread: number };
}

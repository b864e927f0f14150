/**
 * The Safepay simulator's data: its fixed sandbox credentials, trackers and their refunds, and the envelope its
 * answers come in. Amounts are kept twice: major units as the merchant sent them to /order/v1/init, and the
 * integer lowest denomination (paisa, cents) that the v3 tracker, the reporter and refunds speak.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';

/** Printed by the command line; an adapter's .env for the end-to-end journey can use them as they are. */
export const SAFEPAY_DEFAULTS = {
  apiKey: 'sec_5afe0000-5a4a-4000-8000-000000000001',
  secretKey: '5afe5ec7000000000000000000000000000000000000000000000000000000a1',
  webhookSecret: '5afe00b0000000000000000000000000000000000000000000000000000000b2',
} as const;

/** @sfpy/node-sdk's SafepayCurrency (dist/types/safepay.d.ts); every one of them has two decimals. */
export const CURRENCIES = ['PKR', 'USD', 'AED', 'SAR', 'CAD', 'EUR', 'GBP'] as const;

/** Sandbox rates to PKR for the tracker's base_amount; no adapter should rely on them. */
export const PKR_RATES: Record<string, number> = { PKR: 1, USD: 280, AED: 76, SAR: 74.5, CAD: 205, EUR: 302, GBP: 355 };

/** Cybersource sandbox cards integrators use with Safepay's hosted checkout: one pays, one is declined. */
export const TEST_CARDS = { paid: '4456530000001005', declined: '4456530000001013' } as const;

export type TrackerState = 'TRACKER_STARTED' | 'TRACKER_ENDED' | 'TRACKER_CANCELLED' | 'TRACKER_PARTIAL_REFUND' | 'TRACKER_REFUNDED';

/** What the checkout URL asked for (checkout.create's query), kept when the page is first opened. */
export interface CheckoutParams {
  env: string;
  order_id: string;
  redirect_url: string;
  cancel_url: string;
  source: string;
  webhooks: boolean;
}

export interface SafepayRefund {
  token: string;
  /** Major units, like the tracker's amount. */
  amount: number;
  amountMinor: number;
  currency: string;
  created_at: string;
}

export interface SafepayTracker {
  token: string;
  /** Major units, as sent to /order/v1/init. */
  amount: number;
  amountMinor: number;
  currency: string;
  state: TrackerState;
  order_id: string | null;
  /** Safepay's payment reference, posted to redirect_url and in the webhook once paid. */
  reference: string | null;
  refunds: SafepayRefund[];
  attempts: { card_last_four: string; is_success: boolean; at: string }[];
  checkout: CheckoutParams | null;
  /** The form posted to redirect_url once paid, so a replay posts the same. */
  paidForm: Record<string, string> | null;
  webhook_deliveries: { type: string; status: number | null; error?: string }[];
  created_at: string;
  updated_at: string;
}

export interface SafepayState {
  apiKey: string;
  secretKey: string;
  webhookSecret: string;
  /** Set once the server listens. */
  url: string;
  webhookUrl: string | null;
  trackers: Map<string, SafepayTracker>;
}

/** Safepay answers every API call in this envelope; errors carry their messages in status.errors. */
export function envelope(data: unknown) {
  return { data, status: { errors: [] as string[], message: 'success' } };
}

export function safepayError(message: string) {
  return { data: null, status: { errors: [message], message: 'error' } };
}

/** Safepay's timestamps: RFC 3339 in UTC, whole seconds. */
export function now(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}

export function toMajor(minor: number): number {
  return minor / 100;
}

export function newTracker(amount: number, currency: string): SafepayTracker {
  const at = now();
  return {
    token: `track_${randomUUID()}`, amount, amountMinor: toMinor(amount), currency, state: 'TRACKER_STARTED', order_id: null, reference: null,
    refunds: [], attempts: [], checkout: null, paidForm: null, webhook_deliveries: [], created_at: at, updated_at: at,
  };
}

export function setState(t: SafepayTracker, state: TrackerState): void {
  t.state = state;
  t.updated_at = now();
}

/** A six-digit payment reference, like the 514087 in Safepay's webhook samples. */
export function newReference(): string {
  return String(randomInt(100000, 1000000));
}

/** A v1 notification token: 20 upper-case letters and digits, like C5438LD948188B0GPSH0. */
export function notificationToken(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from(randomBytes(20), (b) => alphabet[b % alphabet.length]).join('');
}

export function refundedMinor(t: SafepayTracker): number {
  return t.refunds.reduce((s, r) => s + r.amountMinor, 0);
}

export function formatMoney(amount: number, currency: string): string {
  return `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

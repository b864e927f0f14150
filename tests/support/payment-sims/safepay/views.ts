/**
 * How a tracker reads back. Two generations of Safepay's API describe the same tracker:
 * - v1 (`POST /order/v1/init`, `GET /order/v1/{tracker}`): amount in major units as sent, flat fields. Shape from
 *   Safepay's custom-integration guide (gist.github.com/ziyadparekh, the init response); the official WooCommerce
 *   and OpenCart plugins read `data.state === 'TRACKER_ENDED'` from `GET /order/v1/{tracker}`.
 * - v3 (reporter, refunds): integer lowest denomination under purchase_totals, the charge and its refunds.
 *   Shape from safepay-docs.netlify.app (modify-payments/refund sample response, concepts/tracker field list).
 */
import { PKR_RATES, refundedMinor, type SafepayState, type SafepayTracker } from './state';

export function v1View(t: SafepayTracker, s: SafepayState) {
  return {
    token: t.token,
    created_at: t.created_at,
    updated_at: t.updated_at,
    user: '',
    billing: '',
    client: s.apiKey,
    environment: 'sandbox',
    state: t.state,
    state_reason: '',
    amount: t.amount,
    currency: t.currency,
    default_currency: 'PKR',
    conversion_rate: PKR_RATES[t.currency],
  };
}

const seconds = (iso: string) => ({ seconds: Math.floor(Date.parse(iso) / 1000) });

function charge(t: SafepayTracker) {
  if (!t.reference) return null;
  const money = (amount: number) => ({ currency: t.currency, amount });
  return {
    token: `charge_${t.token.slice('track_'.length)}`,
    tracker: t.token,
    amount: money(t.amountMinor),
    balance: money(t.amountMinor - refundedMinor(t)),
    cybersource_refunds: t.refunds.map((r) => ({ token: r.token, tracker: t.token, totals: money(r.amountMinor), created_at: seconds(r.created_at) })),
  };
}

/** The v3 tracker: the reporter's `data` and the refund answer's `data.tracker`. */
export function v3View(t: SafepayTracker, s: SafepayState) {
  const rate = PKR_RATES[t.currency];
  return {
    token: t.token,
    client: { api_key: s.apiKey },
    environment: 'sandbox',
    state: t.state,
    intent: 'CYBERSOURCE',
    mode: 'payment',
    entry_mode: 'raw',
    next_actions: { CYBERSOURCE: { kind: 'NOOP' } },
    purchase_totals: {
      quote_amount: { currency: t.currency, amount: t.amountMinor },
      base_amount: { currency: 'PKR', amount: Math.round(t.amountMinor * rate) },
      conversion_rate: { base_currency: 'PKR', quote_currency: t.currency, rate },
    },
    metadata: t.order_id === null ? {} : { order_id: { value: t.order_id } },
    charge: charge(t),
    attempts: t.attempts.map((a) => ({
      // Declined attempts leave is_success out; integrators observed only the successful one carrying it.
      ...(a.is_success ? { is_success: true } : {}),
      payment_method: { kind: 'CARD', scheme: 'VISA', card_type: 'VISA', last_four: a.card_last_four },
      created_at: seconds(a.at),
    })),
    created_at: seconds(t.created_at),
    updated_at: seconds(t.updated_at),
  };
}

/**
 * JazzCash (mobile wallet) through its hosted page ("page redirection", v1.1): the customer's browser posts our signed
 * form to JazzCash from a page of ours, JazzCash posts its signed answer back to our return address, and its status
 * inquiry API is then asked before anything is believed. pp_SecureHash both ways is JazzCash's documented rule:
 * HMAC-SHA256 keyed with the integrity salt over the salt and every non-empty pp… field (but the hash), in the
 * fields' sorted order, joined by "&" (hex, compared regardless of case).
 */
import { createHash, createHmac } from 'node:crypto';
import { safeEqual } from '../auth/crypto';
import type { Checkout, HostedProvider, NamedPayment, ProviderRecord } from './provider';

export interface JazzCashConfig { merchantId: string; password: string; integritySalt: string; url: string; mpin?: string }

export function jazzCashHash(fields: Record<string, string>, salt: string): string {
  const values = Object.keys(fields).filter((k) => /^pp/i.test(k) && k !== 'pp_SecureHash' && fields[k] !== '').sort().map((k) => fields[k]);
  return createHmac('sha256', salt).update([salt, ...values].join('&')).digest('hex').toUpperCase();
}

const signed = (fields: Record<string, string>, salt: string) => !!fields.pp_SecureHash && safeEqual(jazzCashHash(fields, salt), fields.pp_SecureHash.toUpperCase());

/** yyyyMMddHHmmss in Pakistan time (JazzCash's clock). */
function stamp(ms: number): string {
  const d = new Date(ms + 5 * 3_600_000).toISOString();
  return d.slice(0, 19).replace(/[-:T]/g, '');
}

/** Our tracker's transaction reference at JazzCash: at most 20 letters and digits, the same for the same tracker. */
export const txnRefOf = (tracker: string) => `SF${createHash('sha256').update(tracker).digest('hex').slice(0, 18).toUpperCase()}`;

const PAID_CODES = new Set(['000', '121']);
const PENDING_CODES = new Set(['124', '157']);

export class JazzCashProvider implements HostedProvider {
  readonly code = 'jazzcash';
  constructor(private readonly config: JazzCashConfig, private readonly appUrl: string, private readonly now: () => number = Date.now, private readonly fetcher: typeof fetch = fetch) {}

  async createCheckout(tracker: string): Promise<Checkout> {
    return { url: `${this.appUrl}/api/payments/jazzcash/pay/${encodeURIComponent(tracker)}`, providerRef: txnRefOf(tracker) };
  }

  /** The form our page posts to JazzCash for this payment, signed. */
  checkoutForm(p: { tracker: string; providerRef: string; amountMinor: number; currency: string }): { action: string; fields: Record<string, string> } {
    const now = this.now();
    const fields: Record<string, string> = {
      pp_Version: '1.1', pp_TxnType: 'MWALLET', pp_Language: 'EN', pp_MerchantID: this.config.merchantId, pp_SubMerchantID: '', pp_Password: this.config.password,
      pp_BankID: '', pp_ProductID: '', pp_TxnRefNo: p.providerRef, pp_Amount: String(p.amountMinor), pp_TxnCurrency: p.currency,
      pp_TxnDateTime: stamp(now), pp_BillReference: p.providerRef.slice(0, 20), pp_Description: 'Safar booking', pp_TxnExpiryDateTime: stamp(now + 60 * 60_000),
      pp_ReturnURL: `${this.appUrl}/api/payments/jazzcash/return`, ppmpf_1: '', ppmpf_2: '', ppmpf_3: '', ppmpf_4: '', ppmpf_5: '',
    };
    return { action: `${this.config.url}/CustomerPortal/transactionmanagement/merchantform/`, fields: { ...fields, pp_SecureHash: jazzCashHash(fields, this.config.integritySalt) } };
  }

  async verifyReturn(fields: Record<string, string>): Promise<NamedPayment | null> {
    if (!fields.pp_TxnRefNo || !signed(fields, this.config.integritySalt)) return null;
    // pp_Amount is in the lowest unit (paisa), signed with the rest of the return.
    const signedAmount = /^\d+$/.test(fields.pp_Amount ?? '') && /^[A-Z]{3}$/.test(fields.pp_TxnCurrency ?? '')
      ? { amount: (Number(fields.pp_Amount) / 100).toFixed(2), currency: fields.pp_TxnCurrency }
      : undefined;
    return { tracker: null, providerRef: fields.pp_TxnRefNo, signedAmount };
  }

  private async api(path: string, body: Record<string, string>): Promise<Record<string, string>> {
    const res = await this.fetcher(`${this.config.url}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ...body, pp_SecureHash: jazzCashHash(body, this.config.integritySalt) }), signal: AbortSignal.timeout(20_000),
    });
    const answer = await res.json() as Record<string, string>;
    if (!signed(answer, this.config.integritySalt)) throw new Error(`JazzCash ${path}: the answer's hash is not JazzCash's.`);
    return answer;
  }

  /** The status inquiry: what JazzCash holds for the transaction now (its answer carries no amount). */
  async lookup(txnRef: string): Promise<ProviderRecord> {
    const a = await this.api('/ApplicationAPI/API/PaymentInquiry/Inquire', { pp_TxnRefNo: txnRef, pp_MerchantID: this.config.merchantId, pp_Password: this.config.password });
    if (a.pp_ResponseCode !== '000') throw new Error(`JazzCash inquiry for ${txnRef}: ${a.pp_ResponseCode} ${a.pp_ResponseMessage ?? ''}`);
    const code = a.pp_PaymentResponseCode ?? '';
    const status = PAID_CODES.has(code) || a.pp_Status === 'Completed' ? 'paid' : PENDING_CODES.has(code) || a.pp_Status === 'Pending' ? 'pending' : code === '112' ? 'canceled' : 'failed';
    return { status, amount: null, currency: null };
  }

  verifyCallback() { return null; }

  async refund(p: { tracker: string; providerRef: string | null; amount: { minor: number; currency: string } }): Promise<{ refundRef: string }> {
    const txnRef = p.providerRef ?? txnRefOf(p.tracker);
    const body = { pp_TxnRefNo: txnRef, pp_Amount: String(p.amount.minor), pp_TxnCurrency: p.amount.currency, pp_MerchantID: this.config.merchantId, pp_Password: this.config.password };
    // Checkouts here are mobile-wallet ones (pp_TxnType MWALLET), whose refund JazzCash authorises with the merchant's MPIN.
    if (!this.config.mpin) throw new Error(`JazzCash refund of ${txnRef}: JAZZCASH_MPIN is not set, so JazzCash cannot be asked; the refund stays due.`);
    const a = await this.api('/ApplicationAPI/API/Purchase/domwalletrefundtransaction', { ...body, pp_MerchantMPIN: this.config.mpin });
    if (a.pp_ResponseCode !== '000') throw new Error(`JazzCash refund of ${txnRef}: ${a.pp_ResponseCode} ${a.pp_ResponseMessage ?? ''}`);
    return { refundRef: `jc_${txnRef}_${p.amount.minor}` };
  }
}

/**
 * JazzCash's server-to-server APIs the simulator answers, JSON in (a urlencoded form is accepted too) and JSON out,
 * always HTTP 200 with the outcome in pp_ResponseCode and the answer signed with pp_SecureHash. Requests are checked
 * like the hosted form: merchant ID and password (101), then the request's pp_SecureHash (115).
 * - Status inquiry, `POST /ApplicationAPI/API/PaymentInquiry/Inquire` { pp_TxnRefNo, pp_MerchantID, pp_Password,
 *   pp_SecureHash }: pp_ResponseCode is the inquiry's own outcome (000, or 109 when the reference is unknown); the
 *   payment's is in pp_PaymentResponseCode / pp_PaymentResponseMessage and pp_Status (Completed, Pending, Failed,
 *   Refunded once wholly refunded, with 131). Fields as integrations read them: pp_AuthCode, pp_BankID,
 *   pp_ProductID, pp_RetrievalReferenceNo, pp_SettlementDate, pp_SettlementExpiry. No amount: compare with the signed
 *   return form.
 * - Mobile account refund, `POST /ApplicationAPI/API/Purchase/domwalletrefundtransaction` { pp_TxnRefNo, pp_Amount,
 *   pp_TxnCurrency, pp_MerchantID, pp_Password, pp_MerchantMPIN (4 digits), pp_SecureHash }; card refund,
 *   `POST /ApplicationAPI/API/authorize/Refund`, the same without the MPIN (API reference, "Refund"). Answer
 *   { pp_ResponseCode, pp_ResponseMessage, pp_SecureHash }: 000 done, 109 unknown, 110 bad amount/currency/MPIN,
 *   132 not refundable (not completed, other instrument, more than is left).
 */
import type { ServerResponse } from 'node:http';
import { fieldsOf, sendJson, type SimRequest } from '../http';
import { hashMatches, signed } from './hash';
import { message, type JazzCashState, type JazzCashTransaction } from './state';

export const INQUIRY = /^\/applicationapi\/api\/paymentinquiry\/inquire\/?$/i;
export const WALLET_REFUND = /^\/applicationapi\/api\/purchase\/domwalletrefundtransaction\/?$/i;
export const CARD_REFUND = /^\/applicationapi\/api\/authorize\/refund\/?$/i;

function answer(res: ServerResponse, s: JazzCashState, fields: Record<string, string>): void {
  sendJson(res, 200, signed(fields, s.integritySalt));
}

const code = (c: string, field = '') => ({ pp_ResponseCode: c, pp_ResponseMessage: message(c, field) });

/** The request's fields when its credentials and hash hold, else the refusal already answered. */
function authorised(req: SimRequest, res: ServerResponse, s: JazzCashState): Record<string, string> | null {
  const f = fieldsOf(req.body);
  let refusal: string | null = null;
  if (!f || f.pp_MerchantID !== s.merchantId || f.pp_Password !== s.password) refusal = '101';
  else if (!hashMatches(f, s.integritySalt)) refusal = '115';
  if (refusal) {
    answer(res, s, code(refusal));
    return null;
  }
  return f;
}

function paymentStatus(t: JazzCashTransaction): { status: string; code: string } {
  const refunded = t.refunds.reduce((n, r) => n + r.amountPaisa, 0);
  if (t.status === 'completed' && refunded === t.amountPaisa) return { status: 'Refunded', code: '131' };
  if (t.status === 'completed') return { status: 'Completed', code: t.responseCode ?? '000' };
  if (t.status === 'initiated') return { status: 'Pending', code: '157' };
  if (t.status === 'pending') return { status: 'Pending', code: t.responseCode ?? '157' };
  return { status: 'Failed', code: t.responseCode ?? '199' };
}

function inquire(req: SimRequest, res: ServerResponse, s: JazzCashState): void {
  const f = authorised(req, res, s);
  if (!f) return;
  const t = s.transactions.get(f.pp_TxnRefNo ?? '');
  if (!t) return answer(res, s, code('109'));
  const p = paymentStatus(t);
  answer(res, s, {
    ...code('000'),
    pp_PaymentResponseCode: p.code,
    pp_PaymentResponseMessage: message(p.code),
    pp_Status: p.status,
    pp_AuthCode: t.authCode,
    pp_BankID: t.echo.pp_BankID,
    pp_ProductID: t.echo.pp_ProductID,
    pp_RetrievalReferenceNo: t.retrievalReferenceNo,
    pp_SettlementDate: '',
    pp_SettlementExpiry: t.responseCode === '124' ? t.txnExpiryDateTime : '',
  });
}

function refund(req: SimRequest, res: ServerResponse, s: JazzCashState, wallet: boolean): void {
  const f = authorised(req, res, s);
  if (!f) return;
  const t = s.transactions.get(f.pp_TxnRefNo ?? '');
  if (!t) return answer(res, s, code('109'));
  if (!/^[1-9]\d{0,11}$/.test(f.pp_Amount ?? '')) return answer(res, s, code('110', 'pp_Amount'));
  if (f.pp_TxnCurrency !== 'PKR') return answer(res, s, code('110', 'pp_TxnCurrency'));
  if (wallet && !/^\d{4}$/.test(f.pp_MerchantMPIN ?? '')) return answer(res, s, code('110', 'pp_MerchantMPIN'));
  const left = t.amountPaisa - t.refunds.reduce((n, r) => n + r.amountPaisa, 0);
  const amount = Number(f.pp_Amount);
  if (t.status !== 'completed' || t.txnType !== (wallet ? 'MWALLET' : 'MPAY') || amount > left) return answer(res, s, code('132'));
  t.refunds.push({ amountPaisa: amount, at: new Date().toISOString() });
  answer(res, s, code('000'));
}

/** Serves the APIs; false when the request is not one of them. */
export function handleJazzCashApi(req: SimRequest, res: ServerResponse, s: JazzCashState): boolean {
  if (req.method !== 'POST') return false;
  const path = req.url.pathname;
  if (INQUIRY.test(path)) inquire(req, res, s);
  else if (WALLET_REFUND.test(path)) refund(req, res, s, true);
  else if (CARD_REFUND.test(path)) refund(req, res, s, false);
  else return false;
  return true;
}

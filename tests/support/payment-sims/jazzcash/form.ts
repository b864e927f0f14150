/**
 * The merchant's form POST to the hosted page (Page Redirection, Sandbox documentation "HTTP POST"): pp_Version
 * 1.1 (2.0 also for cards), pp_TxnType MWALLET | MPAY | OTC, pp_Language EN, pp_MerchantID, pp_SubMerchantID,
 * pp_Password, pp_BankID, pp_ProductID, pp_TxnRefNo, pp_Amount (paisa, no decimal point), pp_TxnCurrency PKR,
 * pp_TxnDateTime and pp_TxnExpiryDateTime (yyyyMMddHHmmss), pp_BillReference, pp_Description, pp_ReturnURL,
 * pp_SecureHash, ppmpf_1..5. Checked in this order: merchant ID (101), hash (115), password (101), each field (110),
 * expiry (116). Field rules follow the API reference's parameter descriptions (lengths, allowed characters).
 */
import { hashMatches } from './hash';
import { parsePkt, type JazzCashState, type JazzCashTransaction, type TxnType } from './state';

export type FormCheck = { ok: true; txn: JazzCashTransaction; reopened: boolean } | { ok: false; code: string; field?: string };

const TYPES: Record<string, string[]> = { MWALLET: ['1.1'], OTC: ['1.1'], MPAY: ['1.1', '2.0'] };
/** Characters the API reference says pp_Description may not hold. */
const UNSAFE = /[<>\\*=%/:'|"{}]/;
const ECHOED = ['pp_Language', 'pp_BankID', 'pp_ProductID', 'pp_SubMerchantID', 'ppmpf_1', 'ppmpf_2', 'ppmpf_3', 'ppmpf_4', 'ppmpf_5'];

function invalidField(f: Record<string, string>): string | null {
  const v = (k: string) => f[k] ?? '';
  if (!TYPES[v('pp_TxnType')]) return 'pp_TxnType';
  if (!TYPES[v('pp_TxnType')].includes(v('pp_Version'))) return 'pp_Version';
  if (v('pp_Language') !== 'EN') return 'pp_Language';
  if (!/^[A-Za-z0-9]{1,20}$/.test(v('pp_TxnRefNo'))) return 'pp_TxnRefNo';
  if (!/^[1-9]\d{0,11}$/.test(v('pp_Amount'))) return 'pp_Amount';
  if (v('pp_TxnCurrency') !== 'PKR') return 'pp_TxnCurrency';
  const at = parsePkt(v('pp_TxnDateTime'));
  if (!at) return 'pp_TxnDateTime';
  if (v('pp_TxnExpiryDateTime')) {
    const expiry = parsePkt(v('pp_TxnExpiryDateTime'));
    if (!expiry || expiry <= at) return 'pp_TxnExpiryDateTime';
  }
  if (!/^[A-Za-z0-9]{1,20}$/.test(v('pp_BillReference'))) return 'pp_BillReference';
  if (!v('pp_Description') || v('pp_Description').length > 200 || UNSAFE.test(v('pp_Description'))) return 'pp_Description';
  if (!/^https?:\/\/\S{1,200}$/.test(v('pp_ReturnURL'))) return 'pp_ReturnURL';
  return null;
}

export function checkMerchantForm(f: Record<string, string>, s: JazzCashState): FormCheck {
  if (f.pp_MerchantID !== s.merchantId) return { ok: false, code: '101' };
  if (!hashMatches(f, s.integritySalt)) return { ok: false, code: '115' };
  if (f.pp_Password !== s.password) return { ok: false, code: '101' };
  const field = invalidField(f);
  if (field) return { ok: false, code: '110', field };
  const expiry = f.pp_TxnExpiryDateTime ? parsePkt(f.pp_TxnExpiryDateTime) : null;
  if (expiry && expiry.getTime() < Date.now()) return { ok: false, code: '116' };
  const existing = s.transactions.get(f.pp_TxnRefNo);
  if (existing) {
    // The same request again (the browser's back button) shows the page again; anything else reuses a reference.
    const same = existing.status === 'initiated' && existing.amountPaisa === Number(f.pp_Amount) && existing.txnType === f.pp_TxnType;
    return same ? { ok: true, txn: existing, reopened: true } : { ok: false, code: '110', field: 'pp_TxnRefNo' };
  }
  const echo: Record<string, string> = {};
  for (const k of ECHOED) echo[k] = f[k] ?? '';
  const txn: JazzCashTransaction = {
    txnRefNo: f.pp_TxnRefNo, txnType: f.pp_TxnType as TxnType, version: f.pp_Version, amountPaisa: Number(f.pp_Amount), currency: 'PKR',
    billReference: f.pp_BillReference, description: f.pp_Description, txnDateTime: f.pp_TxnDateTime, txnExpiryDateTime: f.pp_TxnExpiryDateTime ?? '',
    returnUrl: f.pp_ReturnURL, echo, status: 'initiated', responseCode: null, authCode: '', retrievalReferenceNo: '', refunds: [], returnForm: null,
    created_at: new Date().toISOString(),
  };
  s.transactions.set(txn.txnRefNo, txn);
  return { ok: true, txn, reopened: false };
}

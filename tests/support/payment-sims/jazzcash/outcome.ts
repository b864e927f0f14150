/**
 * What the hosted page POSTs to pp_ReturnURL: the transaction's pp_ fields with pp_ResponseCode and
 * pp_ResponseMessage, signed with pp_SecureHash by the same scheme as the request (empty fields are posted but not
 * hashed). Field list as integrations receive it: pp_Amount, pp_AuthCode, pp_BankID, pp_BillReference,
 * pp_Language, pp_MerchantID, pp_ResponseCode, pp_ResponseMessage, pp_RetreivalReferenceNo (JazzCash's spelling),
 * pp_SubMerchantID, pp_TxnCurrency, pp_TxnDateTime, pp_TxnRefNo, pp_SettlementExpiry, pp_TxnType, pp_Version,
 * ppmpf_1..5. Codes: 000 paid; 124 (voucher) or 157 pending; 004 wallet low balance, 402 card declined, 116
 * voucher expired; 112 cancelled by the customer.
 */
import { signed } from './hash';
import { digits, message, outcomeCode, STATUS_OF, type JazzCashState, type JazzCashTransaction, type Outcome } from './state';

function returnFields(t: JazzCashTransaction, s: JazzCashState, code: string): Record<string, string> {
  return {
    pp_Amount: String(t.amountPaisa),
    pp_AuthCode: t.authCode,
    pp_BankID: t.echo.pp_BankID,
    pp_BillReference: t.billReference,
    pp_Language: t.echo.pp_Language,
    pp_MerchantID: s.merchantId,
    pp_ResponseCode: code,
    pp_ResponseMessage: message(code),
    pp_RetreivalReferenceNo: t.retrievalReferenceNo,
    pp_SubMerchantID: t.echo.pp_SubMerchantID,
    pp_TxnCurrency: t.currency,
    pp_TxnDateTime: t.txnDateTime,
    pp_TxnRefNo: t.txnRefNo,
    pp_SettlementExpiry: code === '124' ? t.txnExpiryDateTime : '',
    pp_TxnType: t.txnType,
    pp_Version: t.version,
    ppmpf_1: t.echo.ppmpf_1, ppmpf_2: t.echo.ppmpf_2, ppmpf_3: t.echo.ppmpf_3, ppmpf_4: t.echo.ppmpf_4, ppmpf_5: t.echo.ppmpf_5,
  };
}

/** Which outcomes may follow a transaction's status (a voucher pending at the counter may still be paid or lapse). */
function allowed(t: JazzCashTransaction, outcome: Outcome): boolean {
  if (t.status === 'initiated') return true;
  return t.status === 'pending' && (outcome === 'paid' || outcome === 'failed');
}

export function completeTxn(t: JazzCashTransaction, s: JazzCashState, outcome: Outcome): { returnUrl: string; form: Record<string, string> } {
  if (t.returnForm && t.status === STATUS_OF[outcome]) return { returnUrl: t.returnUrl, form: t.returnForm };
  if (!allowed(t, outcome)) throw new Error(`JazzCash transaction ${t.txnRefNo} is ${t.status}; it cannot become ${outcome}`);
  const code = outcomeCode(outcome, t.txnType);
  if (outcome === 'paid') {
    t.authCode = digits(6);
    t.retrievalReferenceNo = digits(12);
  }
  t.status = STATUS_OF[outcome];
  t.responseCode = code;
  t.returnForm = signed(returnFields(t, s, code), s.integritySalt);
  return { returnUrl: t.returnUrl, form: t.returnForm };
}

/** The answer to a refused form: the request's own fields back with the error code, signed. */
export function refusalFields(f: Record<string, string>, s: JazzCashState, code: string, field = ''): Record<string, string> {
  const echo = (k: string) => f[k] ?? '';
  return signed({
    pp_Amount: echo('pp_Amount'), pp_BillReference: echo('pp_BillReference'), pp_Language: echo('pp_Language'), pp_MerchantID: echo('pp_MerchantID'),
    pp_ResponseCode: code, pp_ResponseMessage: message(code, field), pp_TxnCurrency: echo('pp_TxnCurrency'), pp_TxnDateTime: echo('pp_TxnDateTime'),
    pp_TxnRefNo: echo('pp_TxnRefNo'), pp_TxnType: echo('pp_TxnType'), pp_Version: echo('pp_Version'),
    ppmpf_1: echo('ppmpf_1'), ppmpf_2: echo('ppmpf_2'), ppmpf_3: echo('ppmpf_3'), ppmpf_4: echo('ppmpf_4'), ppmpf_5: echo('ppmpf_5'),
  }, s.integritySalt);
}

/**
 * The hosted page: the merchant's form lands on `POST /CustomerPortal/transactionmanagement/merchantform/` (the
 * sandbox's path; ASP.NET matches it in any case, with or without the slash). A valid request shows the amount and
 * asks for the instrument its pp_TxnType names: a mobile account number (MWALLET), a card (MPAY) or a voucher
 * (OTC). The customer's choice auto-posts the signed answer to pp_ReturnURL; a refused request does the same at
 * once with the error code (101, 110, 115, 116), or shows an error when there is no usable pp_ReturnURL.
 */
import type { ServerResponse } from 'node:http';
import { autoPostPage, escapeHtml, fieldsOf, isHttpUrl, page, sendHtml, type SimRequest } from '../http';
import { checkMerchantForm } from './form';
import { completeTxn, refusalFields } from './outcome';
import { formatPaisa, TEST_CARDS, TEST_WALLETS, type JazzCashState, type JazzCashTransaction, type Outcome } from './state';

export const MERCHANT_FORM = /^\/customerportal\/transactionmanagement\/merchantform\/?$/i;
/** The page's own buttons post here; the path is the simulator's, not JazzCash's. */
export const ACTION_PATH = '/sim/jazzcash/action';

function instrument(t: JazzCashTransaction): string {
  if (t.txnType === 'MWALLET') {
    return `<label>JazzCash mobile account number <input name="mobile_number" inputmode="tel" autocomplete="tel" placeholder="03xxxxxxxxx" required></label>
    <p class="muted">Test accounts: <span data-testid="wallet-paid">${TEST_WALLETS.paid}</span> pays,
      <span data-testid="wallet-failed">${TEST_WALLETS.failed}</span> fails (low balance).</p>`;
  }
  if (t.txnType === 'MPAY') {
    return `<label>Card number <input name="card_number" inputmode="numeric" autocomplete="cc-number" required></label>
    <label>Expiry (MMYY) <input name="card_expiry" value="1230"></label><label>CVV <input name="card_cvv" value="123"></label>
    <p class="muted">Test cards: <span data-testid="card-paid">${TEST_CARDS.paid}</span> pays,
      <span data-testid="card-failed">${TEST_CARDS.failed}</span> is declined.</p>`;
  }
  return '<p class="muted">A voucher is issued; the order stays pending until it is paid at a JazzCash agent.</p>';
}

function hostedPage(t: JazzCashTransaction, error = ''): string {
  const amount = formatPaisa(t.amountPaisa);
  const payLabel = t.txnType === 'OTC' ? 'Generate voucher' : `Pay ${amount}`;
  return page('JazzCash (sandbox simulator)', `<h1>JazzCash <span class="muted">sandbox</span></h1>
  <p>Pay <strong data-testid="jazzcash-amount">${escapeHtml(amount)}</strong> — ${escapeHtml(t.description)}</p>
  <p class="muted">Bill reference ${escapeHtml(t.billReference)} · Transaction ${escapeHtml(t.txnRefNo)}</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="${ACTION_PATH}">
    <input type="hidden" name="pp_TxnRefNo" value="${escapeHtml(t.txnRefNo)}">
    ${instrument(t)}
    <button type="submit" name="action" value="pay">${escapeHtml(payLabel)}</button>
  </form>
  <form method="post" action="${ACTION_PATH}">
    <input type="hidden" name="pp_TxnRefNo" value="${escapeHtml(t.txnRefNo)}">
    <button type="submit" name="action" value="cancel">Cancel</button>
  </form>`);
}

function errorPage(res: ServerResponse, status: number, text: string): void {
  sendHtml(res, status, page('JazzCash', `<h1>JazzCash</h1><p class="error" role="alert">${escapeHtml(text)}</p>`));
}

function returnPage(res: ServerResponse, r: { returnUrl: string; form: Record<string, string> }): void {
  sendHtml(res, 200, autoPostPage('JazzCash', r.returnUrl, r.form));
}

export function handleMerchantForm(req: SimRequest, res: ServerResponse, s: JazzCashState): void {
  const f = fieldsOf(req.body);
  if (!f) return errorPage(res, 400, 'The merchant form must be posted as application/x-www-form-urlencoded.');
  const check = checkMerchantForm(f, s);
  if (check.ok) return sendHtml(res, 200, hostedPage(check.txn));
  if (!isHttpUrl(f.pp_ReturnURL ?? '')) return errorPage(res, 400, `Request refused (${check.code}) and pp_ReturnURL is missing or not a URL.`);
  returnPage(res, { returnUrl: f.pp_ReturnURL, form: refusalFields(f, s, check.code, check.field) });
}

/** Which outcome the customer's entry gives, or an error to show on the page again. */
function choice(t: JazzCashTransaction, f: Record<string, string>): Outcome | { error: string } {
  if (f.action === 'cancel') return 'cancelled';
  if (t.txnType === 'OTC') return 'pending';
  const entered = (f.mobile_number ?? f.card_number ?? '').replace(/[\s-]/g, '');
  const tests = t.txnType === 'MWALLET' ? TEST_WALLETS : TEST_CARDS;
  if (entered === tests.paid) return 'paid';
  if (entered === tests.failed) return 'failed';
  return { error: `The sandbox accepts only its test ${t.txnType === 'MWALLET' ? 'accounts' : 'cards'} (listed below).` };
}

export function handleAction(req: SimRequest, res: ServerResponse, s: JazzCashState): void {
  const f = fieldsOf(req.body) ?? {};
  const t = s.transactions.get(f.pp_TxnRefNo ?? '');
  if (!t) return errorPage(res, 404, 'Unknown transaction.');
  if (t.status !== 'initiated') return errorPage(res, 409, `This transaction is already ${t.status}.`);
  const outcome = choice(t, f);
  if (typeof outcome === 'object') return sendHtml(res, 200, hostedPage(t, outcome.error));
  returnPage(res, completeTxn(t, s, outcome));
}

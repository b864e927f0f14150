/**
 * A JazzCash sandbox on 127.0.0.1 for tests: the Page Redirection hosted page (mobile account, card, voucher) and
 * the status inquiry and refund APIs, all signed with pp_SecureHash. The surface and where each rule comes from
 * are described in payment-sims/jazzcash/*.ts.
 *
 * Alone, for an end-to-end journey:
 *   node --import tsx tests/support/jazzcash-sim.ts --port 8192
 */
import { cliOptions, closeOnSignal, isMain, listen, sendJson } from './payment-sims/http';
import { handleJazzCashApi } from './payment-sims/jazzcash/api';
import { completeTxn } from './payment-sims/jazzcash/outcome';
import { ACTION_PATH, handleAction, handleMerchantForm, MERCHANT_FORM } from './payment-sims/jazzcash/pages';
import { JAZZCASH_DEFAULTS, type JazzCashState, type JazzCashTransaction } from './payment-sims/jazzcash/state';

export { jazzCashHash } from './payment-sims/jazzcash/hash';
export { JAZZCASH_DEFAULTS, TEST_CARDS as JAZZCASH_TEST_CARDS, TEST_WALLETS as JAZZCASH_TEST_WALLETS } from './payment-sims/jazzcash/state';
export type { JazzCashTransaction } from './payment-sims/jazzcash/state';

export interface JazzCashSim {
  /** The base; the hosted form endpoint is `${url}/CustomerPortal/transactionmanagement/merchantform/` as in the sandbox. */
  url: string;
  merchantId: string;
  password: string;
  integritySalt: string;
  close(): Promise<void>;
  transactions: Map<string, JazzCashTransaction>;
  requests: { method: string; path: string; body: unknown }[];
  /** The customer's outcome without a browser: the form JazzCash POSTs to pp_ReturnURL (the same form again for a replay). */
  complete(txnRefNo: string, outcome: 'paid' | 'pending' | 'failed' | 'cancelled'): Promise<{ returnUrl: string; form: Record<string, string> }>;
}

export async function startJazzCashSim(opts: { port?: number; merchantId?: string; password?: string; integritySalt?: string } = {}): Promise<JazzCashSim> {
  const state: JazzCashState = {
    merchantId: opts.merchantId ?? JAZZCASH_DEFAULTS.merchantId,
    password: opts.password ?? JAZZCASH_DEFAULTS.password,
    integritySalt: opts.integritySalt ?? JAZZCASH_DEFAULTS.integritySalt,
    url: '',
    transactions: new Map(),
  };
  const requests: JazzCashSim['requests'] = [];
  const server = await listen((req, res) => {
    requests.push({ method: req.method, path: req.path, body: req.body });
    const path = req.url.pathname;
    if (req.method === 'POST' && MERCHANT_FORM.test(path)) return handleMerchantForm(req, res, state);
    if (req.method === 'POST' && path === ACTION_PATH) return handleAction(req, res, state);
    if (handleJazzCashApi(req, res, state)) return;
    sendJson(res, 404, { pp_ResponseCode: '404', pp_ResponseMessage: `no route for ${req.method} ${path}` });
  }, opts.port);
  state.url = server.url;

  return {
    url: server.url,
    merchantId: state.merchantId,
    password: state.password,
    integritySalt: state.integritySalt,
    close: server.close,
    transactions: state.transactions,
    requests,
    async complete(txnRefNo, outcome) {
      const t = state.transactions.get(txnRefNo);
      if (!t) throw new Error(`unknown JazzCash transaction ${txnRefNo} (post the merchant form first)`);
      return completeTxn(t, state, outcome);
    },
  };
}

if (isMain(import.meta.url)) {
  const { port } = cliOptions();
  const sim = await startJazzCashSim({ port: port ?? 8192 });
  console.log(`JazzCash sandbox simulator on ${sim.url}`);
  console.log(`  hosted form     ${sim.url}/CustomerPortal/transactionmanagement/merchantform/`);
  console.log(`  status inquiry  ${sim.url}/ApplicationAPI/API/PaymentInquiry/Inquire`);
  console.log(`  merchant id     ${sim.merchantId}`);
  console.log(`  password        ${sim.password}`);
  console.log(`  integrity salt  ${sim.integritySalt}`);
  closeOnSignal(sim.close);
}

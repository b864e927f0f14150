/**
 * Helpers for tests that drive the payment simulators the way a browser and a merchant would: read the fields an
 * auto-posting page sends, receive webhooks, and build a signed JazzCash merchant form.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequest } from './http';
import { jazzCashHash } from './jazzcash/hash';

/** fetch options for an HTML form POST and a JSON POST. */
export const formPost = (fields: Record<string, string>): RequestInit => ({
  method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(),
});
export const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
});

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The action and hidden fields of an auto-posting page (what the browser will POST). */
export function autoPost(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form id="return" method="post" action="([^"]*)"/.exec(html);
  if (!action) throw new Error(`not an auto-posting page:\n${html.slice(0, 400)}`);
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(m[1])] = unescape(m[2]);
  return { action: unescape(action[1]), fields };
}

export interface Received {
  headers: Record<string, string>;
  body: unknown;
}

/** An endpoint on 127.0.0.1 that answers 200 and keeps what was posted to it. */
export async function receiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    void readRequest(req).then((r) => {
      received.push({ headers: r.headers, body: r.body });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((ok) => server.close(() => ok())) };
}

/** yyyyMMddHHmmss in Pakistan time, `offsetMs` from now. */
export function pkt(offsetMs = 0): string {
  return new Date(Date.now() + 5 * 3600_000 + offsetMs).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

let refs = 0;
/** A Page Redirection form as the sandbox documentation lays it out, signed unless `sign` is false. */
export function jazzCashForm(
  creds: { merchantId: string; password: string; integritySalt: string },
  over: Record<string, string> = {},
  sign = true,
): Record<string, string> {
  const f: Record<string, string> = {
    pp_Version: '1.1', pp_TxnType: 'MWALLET', pp_Language: 'EN', pp_MerchantID: creds.merchantId, pp_SubMerchantID: '', pp_Password: creds.password,
    pp_BankID: 'TBANK', pp_ProductID: 'RETL', pp_TxnRefNo: `T${pkt()}${String(++refs).padStart(4, '0')}`, pp_Amount: '150000', pp_TxnCurrency: 'PKR',
    pp_TxnDateTime: pkt(), pp_BillReference: 'billRef42', pp_Description: 'Flight LHE to JED', pp_TxnExpiryDateTime: pkt(86400_000),
    pp_ReturnURL: 'http://127.0.0.1:9/payments/jazzcash/return', ppmpf_1: 'booking42', ppmpf_2: '', ppmpf_3: '', ppmpf_4: '', ppmpf_5: '',
    ...over,
  };
  return sign ? { ...f, pp_SecureHash: jazzCashHash(f, creds.integritySalt) } : f;
}

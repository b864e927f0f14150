/**
 * The JazzCash simulator's data: its fixed sandbox credentials, the test instruments its page accepts, the
 * transactions posted to it, and the response codes it answers with (Sandbox documentation, "Response Codes").
 */
import { randomInt } from 'node:crypto';

/** Printed by the command line; an adapter's .env for the end-to-end journey can use them as they are. */
export const JAZZCASH_DEFAULTS = { merchantId: 'MC10001', password: 'sim0pass01', integritySalt: 'sim0salt01' } as const;

/** The sandbox's usual test mobile account pays; the simulator's second number fails (low balance). */
export const TEST_WALLETS = { paid: '03123456789', failed: '03123456780' } as const;
/** Card numbers from JazzCash's API reference samples: the first pays, the second is declined by its bank. */
export const TEST_CARDS = { paid: '5123456789012346', failed: '4557012345678902' } as const;

export type TxnType = 'MWALLET' | 'MPAY' | 'OTC';
export type Outcome = 'paid' | 'pending' | 'failed' | 'cancelled';
export type TxnStatus = 'initiated' | 'completed' | 'pending' | 'failed' | 'cancelled';

export const MESSAGES: Record<string, string> = {
  '000': 'Thank you for Using JazzCash, your transaction was successful.',
  '004': 'Low balance',
  '101': 'Invalid merchant credentials.',
  '109': 'Transaction does not exist',
  '110': 'Invalid value for {field}.',
  '112': 'Transaction Cancelled by User.',
  '115': 'Invalid hash received.',
  '116': 'Transaction Expired',
  '124': 'Order is placed and waiting for financials to be received over the counter.',
  '131': 'Transaction is Refunded',
  '132': 'Sorry! The selected transaction cannot be refunded',
  '157': 'Transaction is pending.',
  '402': 'Your transaction was declined by your bank, please contact your bank',
};

export function message(code: string, field = ''): string {
  return (MESSAGES[code] ?? 'System error').replace('{field}', field);
}

/** The response code an outcome posts back, per instrument. 124 is the voucher (OTC) pending; 157 the others'. */
export function outcomeCode(outcome: Outcome, type: TxnType): string {
  if (outcome === 'paid') return '000';
  if (outcome === 'cancelled') return '112';
  if (outcome === 'pending') return type === 'OTC' ? '124' : '157';
  return type === 'MWALLET' ? '004' : type === 'MPAY' ? '402' : '116';
}

export const STATUS_OF: Record<Outcome, TxnStatus> = { paid: 'completed', pending: 'pending', failed: 'failed', cancelled: 'cancelled' };

export interface JazzCashTransaction {
  txnRefNo: string;
  txnType: TxnType;
  version: string;
  /** pp_Amount: paisa, an integer. */
  amountPaisa: number;
  currency: 'PKR';
  billReference: string;
  description: string;
  txnDateTime: string;
  txnExpiryDateTime: string;
  returnUrl: string;
  /** The request's other pp_ fields echoed back (pp_Language, pp_BankID, pp_SubMerchantID, ppmpf_1..5). */
  echo: Record<string, string>;
  status: TxnStatus;
  responseCode: string | null;
  authCode: string;
  retrievalReferenceNo: string;
  refunds: { amountPaisa: number; at: string }[];
  /** The signed form last posted to pp_ReturnURL, so a replay posts the same. */
  returnForm: Record<string, string> | null;
  created_at: string;
}

export interface JazzCashState {
  merchantId: string;
  password: string;
  integritySalt: string;
  url: string;
  transactions: Map<string, JazzCashTransaction>;
}

export function digits(n: number): string {
  return Array.from({ length: n }, () => randomInt(10)).join('');
}

/** yyyyMMddHHmmss in Pakistan time (UTC+5, no daylight saving), JazzCash's date format, as a Date. */
export function parsePkt(s: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number);
  const utc = Date.UTC(y, mo - 1, d, h - 5, mi, se);
  const back = new Date(utc + 5 * 3600_000);
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 && se < 60 ? new Date(utc) : null;
}

export function formatPaisa(paisa: number): string {
  return `PKR ${(paisa / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

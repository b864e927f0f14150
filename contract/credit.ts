/**
 * Agents' credit lines: how far below zero a wallet may go, who set it, and the low-funds thresholds. The rule is
 * one: a debit is allowed while balance + credit limit covers it, so "available" is balance + limit.
 */
import * as v from 'valibot';
import { MAX_AMOUNT_MINOR, parseMinor, type Money } from './money';
import { M } from './fields';

export const CREDIT_M = {
  limitRequired: 'Enter a credit limit.',
  limitNegative: 'The credit limit cannot be negative.',
  /** Said when the agent already uses more credit than the new limit; the figure follows. */
  belowUsed: 'The credit limit cannot be below the credit already used.',
} as const;

/** A limit as typed ("250000", "250000.00"); 0 takes the credit away (a prepaid wallet again). */
export const CreditLimitInput = v.object({
  limit: v.pipe(
    v.optional(v.union([v.string(), v.number()], M.amountFormat), ''),
    v.transform((x) => String(x).trim().replace(/,/g, '')),
    v.nonEmpty(CREDIT_M.limitRequired),
    v.transform((s) => parseMinor(s)),
    v.number(M.amountFormat),
    v.minValue(0, CREDIT_M.limitNegative),
    v.maxValue(MAX_AMOUNT_MINOR, M.amountTooLarge),
  ),
});
export type CreditLimitInput = v.InferOutput<typeof CreditLimitInput>;

/** The wallet as `GET /api/wallet-balance` answers it: `balance` may be negative down to −`credit_limit`. */
export interface WalletFunds {
  agent_id: number;
  balance: Money;
  credit_limit: Money;
  /** balance + credit_limit: what the agent may still spend. */
  available: Money;
  /** Credit in use: how far the balance is below zero (0 when it is not). */
  credit_used: Money;
}

export interface CreditLimitChange {
  id: number;
  previous_limit: Money;
  limit: Money;
  changed_by: { id: number; name: string } | null;
  created_at: string;
}

export interface CreditAccount extends WalletFunds {
  history: CreditLimitChange[];
}

/** Beside the wallet header (contract/http): the agent's credit limit, "PKR 250000.00", sent only to an agent on credit. */
export const WALLET_CREDIT_HEADER = 'x-safar-wallet-credit';

/** Alert thresholds, in % of the limit still available, most severe last. */
export const CREDIT_ALERT_LEVELS = [40, 20] as const;
export type CreditAlertLevel = 0 | (typeof CREDIT_ALERT_LEVELS)[number];

/** The threshold the available funds are under (0: above 40 %, or no credit line at all). */
export function creditAlertLevel(balanceMinor: number, limitMinor: number): CreditAlertLevel {
  if (limitMinor <= 0) return 0;
  const available = balanceMinor + limitMinor;
  if (available * 100 < 20 * limitMinor) return 20;
  if (available * 100 < 40 * limitMinor) return 40;
  return 0;
}

/** True when `next` is a threshold further down than `current`: the one moment an alert is sent. */
export const isDeeperAlert = (next: CreditAlertLevel, current: number): boolean => next !== 0 && (current === 0 || next < current);

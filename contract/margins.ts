/** Customer and agent margins: what is added to or taken off supplier prices. */
import * as v from 'valibot';
import type { Money } from './money';
import { idField, M, nonNegativeAmount, percentField } from './fields';

export const CustomerMarginInput = v.object({
  // All three must be sent (the screen always does): a body naming none of them is not an order to zero them.
  discount_percent: percentField(null),
  margin_percent: percentField(null),
  other_charges: nonNegativeAmount(null),
});
export type CustomerMarginInput = v.InferOutput<typeof CustomerMarginInput>;
export interface CustomerMargin { discount_percent: string; margin_percent: string; other_charges: Money; updated_at: string | null }

export const AgentMarginInput = v.object({
  agent_id: idField(M.agent),
  markup_per_pax: nonNegativeAmount(),
  discount_per_pax: nonNegativeAmount(),
});
export type AgentMarginInput = v.InferOutput<typeof AgentMarginInput>;
export interface AgentMargin { agent_id: number; markup_per_pax: Money; discount_per_pax: Money; own_markup: Money }

/** Basis points → "12.5" */
export const bpToPercent = (bp: number) => (bp / 100).toFixed(2).replace(/\.?0+$/, '');

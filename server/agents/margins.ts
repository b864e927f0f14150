import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { AppContext, SessionUser } from '../context';
import { bpToPercent, type AgentMargin, type AgentMarginInput, type CustomerMargin, type CustomerMarginInput } from '../../contract/agents';
import { toMoney } from '../../contract/money';
import { can } from '../../contract/permissions';
import { forbidden, notFound } from '../http/errors';
import { invalidatePricing } from '../flights/airlines';
import { idFrom, iso, requireAgentUser } from './common';
import { agentMargins, customerMargins } from '../db/schema';
import type { PricingContext } from '../suppliers/flight/margins';

export type CustomerMarginRow = typeof customerMargins.$inferSelect;
export type AgentMarginRow = typeof agentMargins.$inferSelect;

export async function customerMarginRow(db: DbOrTx): Promise<CustomerMarginRow | null> {
  const [row] = await db.select().from(customerMargins).where(eq(customerMargins.id, 1)).limit(1);
  return row ?? null;
}

export async function agentMarginRow(db: DbOrTx, agentId: number): Promise<AgentMarginRow | null> {
  const [row] = await db.select().from(agentMargins).where(eq(agentMargins.agentId, agentId)).limit(1);
  return row ?? null;
}

/**
 * The channel margins for whoever is searching (brief §3 Margins), in the supplier's PricingContext shape:
 * agents get the staff-set markup/discount per passenger, everyone else (anonymous, customers, staff) the
 * customer margin values. Airline margins are added by the caller from the airlines catalogue.
 * Read on every search, so a saved change shows in the next search at once.
 */
export async function loadMargins(db: DbOrTx, user: Pick<SessionUser, 'id' | 'role'> | null): Promise<PricingContext> {
  if (user?.role === 'agent') {
    const m = await agentMarginRow(db, user.id);
    return { kind: 'agent', agentMargin: m ? { markup_per_pax: m.markupPerPaxMinor, discount_per_pax: m.discountPerPaxMinor } : null };
  }
  const m = await customerMarginRow(db);
  return {
    kind: 'public',
    customerMargin: m ? { discount_percent: m.discountBp / 100, margin_percent: m.marginBp / 100, other_charges: m.otherChargesMinor } : null,
  };
}

/** The agent's own per-booking markup (minor units) that it earns and may show its customer. */
export async function agentOwnMarkup(db: DbOrTx, agentId: number): Promise<number> {
  return (await agentMarginRow(db, agentId))?.ownMarkupMinor ?? 0;
}

// ---- as the API shows and saves them ----------------------------------------------------------------------

export const toApiCustomerMargin = (m: CustomerMarginRow | null): CustomerMargin => ({
  discount_percent: bpToPercent(m?.discountBp ?? 0),
  margin_percent: bpToPercent(m?.marginBp ?? 0),
  other_charges: toMoney(m?.otherChargesMinor ?? 0, m?.currency),
  updated_at: iso(m?.updatedAt),
});

export const toApiAgentMargin = (agentId: number, m: AgentMarginRow | null): AgentMargin => ({
  agent_id: agentId,
  markup_per_pax: toMoney(m?.markupPerPaxMinor ?? 0, m?.currency),
  discount_per_pax: toMoney(m?.discountPerPaxMinor ?? 0, m?.currency),
  own_markup: toMoney(m?.ownMarkupMinor ?? 0, m?.currency),
});

/** The customer margin values (one row); the airline pricing cache is dropped so the next search uses them. */
export async function saveCustomerMargins(ctx: AppContext, staffId: number, input: CustomerMarginInput) {
  const values = { discountBp: input.discount_percent, marginBp: input.margin_percent, otherChargesMinor: input.other_charges, updatedBy: staffId, updatedAt: ctx.now() };
  const [row] = await ctx.db.insert(customerMargins).values({ id: 1, ...values }).onConflictDoUpdate({ target: customerMargins.id, set: values }).returning();
  invalidatePricing(ctx.db);
  return toApiCustomerMargin(row);
}

/** An agent's staff-set markup and discount per passenger (its own markup is the agent's to set). */
export async function saveAgentMargin(ctx: AppContext, staffId: number, input: AgentMarginInput) {
  await requireAgentUser(ctx.db, input.agent_id);
  const values = { markupPerPaxMinor: input.markup_per_pax, discountPerPaxMinor: input.discount_per_pax, updatedBy: staffId, updatedAt: ctx.now() };
  const [row] = await ctx.db.insert(agentMargins).values({ agentId: input.agent_id, ...values }).onConflictDoUpdate({ target: agentMargins.agentId, set: values }).returning();
  return toApiAgentMargin(input.agent_id, row);
}

/** Whose margins: staff with margin rights any agent's (by id); an agent its own (another's is "not found"). */
export async function marginSubject(db: DbOrTx, user: SessionUser, asked: string | undefined): Promise<number> {
  if (can(user.role, 'margins.manage')) {
    const agentId = idFrom(asked, 'Agent not found.');
    await requireAgentUser(db, agentId).catch(() => { throw notFound('Agent not found.'); });
    return agentId;
  }
  if (user.role !== 'agent') throw forbidden();
  if (asked && Number(asked) !== user.id) throw notFound('Agent not found.');
  return user.id;
}

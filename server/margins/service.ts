import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { eq } from 'drizzle-orm';
import { agentMargins, customerMargins, hotelMargins } from '../db/schema';
import type { HotelMarginInput, HotelMarginSetting } from '../../contract/hotels';
import { bpToPercent, type AgentMargin, type AgentMarginInput, type CustomerMargin, type CustomerMarginInput } from '../../contract/margins';
import { toMoney } from '../../contract/money';
import { can } from '../../contract/permissions';
import { forbidden, notFound } from '../http/errors';
import { idFrom, iso, requireAgentUser } from '../agents/common';
import { invalidatePricing, type AgentMarginRow, type CustomerMarginRow } from '../pricing';

/** The margins staff set, as the API shows and saves them. */

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

/** The hotel margin (one row), in basis points in the table; the pricing cache is dropped so the next search uses it. */
export async function hotelMarginSetting(db: DbOrTx): Promise<HotelMarginSetting> {
  const [row] = await db.select().from(hotelMargins).where(eq(hotelMargins.id, 1)).limit(1);
  return { type: row?.type ?? 'markup', percent: (row?.percentBp ?? 0) / 100, updated_at: iso(row?.updatedAt) };
}

export async function saveHotelMargin(ctx: AppContext, staffId: number, input: HotelMarginInput): Promise<HotelMarginSetting> {
  const values = { type: input.type, percentBp: Math.round(input.percent * 100), updatedBy: staffId, updatedAt: ctx.now() };
  await ctx.db.insert(hotelMargins).values({ id: 1, ...values }).onConflictDoUpdate({ target: hotelMargins.id, set: values });
  invalidatePricing(ctx.db);
  return hotelMarginSetting(ctx.db);
}

import { invalidatePricing } from '../flights/airlines';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { agentMargins, customerMargins } from '../db/schema';
import { AgentMarginInput, CustomerMarginInput, bpToPercent, type AgentMargin, type CustomerMargin } from '../../contract/agents';
import { toMoney } from '../../contract/money';
import { can } from '../../contract/permissions';
import { forbidden, notFound } from '../http/errors';
import { anyAgent, currentUser, requireOneOf, requirePermission, withPermission } from '../http/guards';
import { body } from '../http/validate';
import { idFrom, iso, requireAgentUser } from '../agents/common';
import { agentMarginRow, customerMarginRow, type AgentMarginRow, type CustomerMarginRow } from '../agents/margins';

const toApiCustomer = (m: CustomerMarginRow | null): CustomerMargin => ({
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

export function marginRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/get-customer-margin-values', requirePermission('margins.manage'), async (c) => {
    return c.json({ data: toApiCustomer(await customerMarginRow(c.get('ctx').db)) });
  });

  r.post('/save-customer-margin-values', requirePermission('margins.manage'), async (c) => {
    const ctx = c.get('ctx');
    const input = await body(c, CustomerMarginInput);
    const values = { discountBp: input.discount_percent, marginBp: input.margin_percent, otherChargesMinor: input.other_charges, updatedBy: currentUser(c).id, updatedAt: ctx.now() };
    const [row] = await ctx.db.insert(customerMargins).values({ id: 1, ...values }).onConflictDoUpdate({ target: customerMargins.id, set: values }).returning();
    invalidatePricing(ctx.db);
    return c.json({ message: 'Margin values saved successfully', data: toApiCustomer(row) });
  });

  r.get('/get-agent-margin', requireOneOf(withPermission('margins.manage'), anyAgent), async (c) => {
    const user = currentUser(c);
    const asked = c.req.query('agent_id');
    let agentId: number;
    if (can(user.role, 'margins.manage')) {
      agentId = idFrom(asked, 'Agent not found.');
      await requireAgentUser(ctx(c).db, agentId).catch(() => { throw notFound('Agent not found.'); });
    } else if (user.role === 'agent') {
      if (asked && Number(asked) !== user.id) throw notFound('Agent not found.');
      agentId = user.id;
    } else throw forbidden();
    return c.json({ data: toApiAgentMargin(agentId, await agentMarginRow(ctx(c).db, agentId)) });
  });

  r.post('/save-agent-margin', requirePermission('margins.manage'), async (c) => {
    const input = await body(c, AgentMarginInput);
    const db = ctx(c).db;
    await requireAgentUser(db, input.agent_id);
    const values = { markupPerPaxMinor: input.markup_per_pax, discountPerPaxMinor: input.discount_per_pax, updatedBy: currentUser(c).id, updatedAt: ctx(c).now() };
    const [row] = await db.insert(agentMargins).values({ agentId: input.agent_id, ...values }).onConflictDoUpdate({ target: agentMargins.agentId, set: values }).returning();
    return c.json({ message: 'Margin values saved successfully', data: toApiAgentMargin(input.agent_id, row) });
  });

  return r;
}

const ctx = (c: { get: (k: 'ctx') => import('../context').AppContext }) => c.get('ctx');

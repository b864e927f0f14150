import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { SessionUser } from '../context';
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


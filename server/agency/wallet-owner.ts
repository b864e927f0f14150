import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/**
 * The wallet a purchase was paid from, for money going back to it: the agency its row records. Rows from before
 * purchases recorded their agency name only their buyer: its agency's wallet for a branch user (a branch user
 * never changes agency), its own otherwise.
 */
export async function walletThatPaid(db: DbOrTx, row: { userId: number; agencyId: number | null }): Promise<number> {
  if (row.agencyId !== null) return row.agencyId;
  const [u] = await db.select({ agencyId: users.agencyId }).from(users).where(eq(users.id, row.userId)).limit(1);
  return u?.agencyId ?? row.userId;
}

import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/**
 * The wallet a user's purchase was paid from, for money going back to it: its agency's for a branch user, its own
 * otherwise. Read when the money moves, since a purchase row records only who bought it; a branch user never
 * changes agency, so the answer is the wallet that paid.
 */
export async function walletOwnerOf(db: DbOrTx, userId: number): Promise<number> {
  const [u] = await db.select({ agencyId: users.agencyId }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.agencyId ?? userId;
}

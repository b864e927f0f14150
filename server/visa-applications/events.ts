/**
 * The audit trail of visa applications: every status change recorded in the transaction that makes it (a change
 * and its record commit together or not at all), read back for staff and the applicant.
 */
import { asc, eq } from 'drizzle-orm';
import type { VisaApplicationEvent } from '../../contract/visa-applications';
import type { DbOrTx } from '../db/client';
import { users, visaApplicationEvents } from '../db/schema';
import type { Actor } from '../bookings/records';

export type VisaEventAction = 'created' | 'paid' | 'payment_failed' | 'payment_canceled' | 'in_review' | 'approved' | 'rejected';

export async function recordVisaEvent(
  db: DbOrTx, e: { applicationId: number; action: VisaEventAction; from: string | null; to: string; actor: Actor; at: Date; note?: string | null },
) {
  await db.insert(visaApplicationEvents).values({
    applicationId: e.applicationId, action: e.action, fromStatus: e.from, toStatus: e.to,
    actorId: e.actor.kind === 'user' ? e.actor.user.id : null,
    actorKind: e.actor.kind === 'user' ? e.actor.user.role : e.actor.kind,
    note: e.note ?? null, createdAt: e.at,
  });
}

export async function visaApplicationTrail(db: DbOrTx, applicationId: number): Promise<VisaApplicationEvent[]> {
  const rows = await db.select({ e: visaApplicationEvents, name: users.name }).from(visaApplicationEvents)
    .leftJoin(users, eq(users.id, visaApplicationEvents.actorId))
    .where(eq(visaApplicationEvents.applicationId, applicationId)).orderBy(asc(visaApplicationEvents.id));
  return rows.map(({ e, name }) => ({
    action: e.action, from_status: e.fromStatus, to_status: e.toStatus, actor: e.actorKind, actor_name: name ?? null, at: e.createdAt.toISOString(), note: e.note,
  }));
}

import { count, desc, eq } from 'drizzle-orm';
import type { SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { agencyAudit, users } from '../db/schema';
import type { AgencyAuditEntry } from '../../contract/agency';
import { agencyOf } from './of';

export type AgencyAction = (typeof agencyAudit.$inferInsert)['action'];

type AuditDetail = Record<string, string | number | null> | null;

/** The row of one line in the agency's audit list, for a statement that writes it beside the action itself. */
export const agencyActionRow = (
  actor: Pick<SessionUser, 'id' | 'agencyId'>, action: AgencyAction, subject: string, at: Date, detail: AuditDetail = null, agencyId = agencyOf(actor),
) => ({ agencyId, actorId: actor.id, action, subject, detail, createdAt: at });

/** One line in the agency's audit list, written in the caller's transaction so it stands or falls with the action. */
export async function recordAgencyAction(
  db: DbOrTx, actor: Pick<SessionUser, 'id' | 'agencyId'>, action: AgencyAction, subject: string, at: Date,
  detail: AuditDetail = null, agencyId = agencyOf(actor),
): Promise<void> {
  await db.insert(agencyAudit).values(agencyActionRow(actor, action, subject, at, detail, agencyId));
}

/** The agency's audit list, newest first, with who did each thing. */
export async function agencyAuditPage(db: DbOrTx, agencyId: number, page: { limit: number; offset: number }): Promise<{ rows: AgencyAuditEntry[]; total: number }> {
  const where = eq(agencyAudit.agencyId, agencyId);
  const rows = await db
    .select({ id: agencyAudit.id, action: agencyAudit.action, subject: agencyAudit.subject, detail: agencyAudit.detail, at: agencyAudit.createdAt, actorId: agencyAudit.actorId, actorName: users.name, actorEmail: users.email })
    .from(agencyAudit)
    .leftJoin(users, eq(users.id, agencyAudit.actorId))
    .where(where)
    .orderBy(desc(agencyAudit.createdAt), desc(agencyAudit.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ n }] = await db.select({ n: count() }).from(agencyAudit).where(where);
  return {
    rows: rows.map((r) => ({
      id: r.id, action: r.action, subject: r.subject, detail: r.detail ?? null, at: r.at.toISOString(),
      actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? '', email: r.actorEmail ?? '' },
    })),
    total: Number(n),
  };
}

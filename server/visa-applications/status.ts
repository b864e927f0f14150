/**
 * Staff move an application through review: submitted → in_review → approved | rejected (a reason required).
 * Each move is a conditional update on the status it starts from, so two staff deciding at once cannot both
 * win (the loser gets 409), and the event and the applicant's mail are written in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import { VAM, VISA_STAFF_MOVES, type VisaApplicationStatus, type VisaStatusInput } from '../../contract/visa-applications';
import type { AppContext, SessionUser } from '../context';
import { visaApplications } from '../db/schema';
import { conflict, validationError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { recordVisaEvent } from './events';
import { visaMail } from './mails';
import type { VisaApplicationRow } from './service';

export async function moveVisaApplication(ctx: AppContext, user: SessionUser, a: VisaApplicationRow, input: VisaStatusInput): Promise<VisaApplicationRow> {
  const to = input.status;
  const reason = input.reason?.trim() || null;
  if (to === 'rejected' && !reason) throw validationError({ reason: [VAM.reason] });
  const from = a.status as VisaApplicationStatus;
  if (!VISA_STAFF_MOVES[from].includes(to)) throw conflict(VAM.illegalMove);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(visaApplications).set({
      status: to, updatedAt: now,
      ...(to === 'rejected' ? { rejectionReason: reason } : {}),
      ...(to === 'approved' || to === 'rejected' ? { decidedAt: now } : {}),
    }).where(and(eq(visaApplications.id, a.id), eq(visaApplications.status, from))).returning();
    if (!row) throw conflict(VAM.illegalMove);
    await recordVisaEvent(tx, { applicationId: a.id, action: to, from, to, actor: { kind: 'user', user }, at: now, note: to === 'rejected' ? reason : null });
    await enqueueMail(tx, row.contactEmail, visaMail(to, row, ctx.config.appUrl));
    return row;
  });
}

/**
 * Staff move an application through review: submitted → in_review → approved | rejected (a reason required).
 * Each move is a conditional update on the status it starts from, so two staff deciding at once cannot both
 * win (the loser gets 409), and the event and the applicant's mail are written in the same transaction.
 */
import { VAM, VISA_STAFF_MOVES, type VisaApplicationStatus, type VisaStatusInput } from '../../contract/visa-applications';
import type { AppContext, SessionUser } from '../context';
import { conflict, validationError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { applyLifecycleEvent } from '../lifecycle/apply';
import { visaMail } from './mails';
import type { VisaApplicationRow } from './service';

/** The lifecycle's event for each status staff move an application to. */
const EVENT_OF: Record<VisaApplicationStatus, string> = { pending_payment: 'APPLY', submitted: 'PAY', in_review: 'START_REVIEW', approved: 'APPROVE', rejected: 'REJECT' };

export async function moveVisaApplication(ctx: AppContext, user: SessionUser, a: VisaApplicationRow, input: VisaStatusInput): Promise<VisaApplicationRow> {
  const to = input.status;
  const reason = input.reason?.trim() || null;
  if (to === 'rejected' && !reason) throw validationError({ reason: [VAM.reason] });
  const from = a.status as VisaApplicationStatus;
  if (!VISA_STAFF_MOVES[from].includes(to)) throw conflict(VAM.illegalMove);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const moved = await applyLifecycleEvent(tx, ctx, 'visa', a.id, EVENT_OF[to], { kind: 'user', user }, {
      from: [from], note: to === 'rejected' ? reason : null,
      set: { ...(to === 'rejected' ? { rejectionReason: reason } : {}), ...(to === 'approved' || to === 'rejected' ? { decidedAt: now } : {}) },
    });
    if (!moved) throw conflict(VAM.illegalMove);
    const { row } = moved;
    await enqueueMail(tx, row.contactEmail, visaMail(to, row, ctx.config.appUrl));
    return row;
  });
}

import { eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import { deposits, users } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { creditWallet } from '../ledger/service';
import { enqueueMail } from '../mail/outbox';
import { simpleMail } from '../mail/templates';
import { depositDecided } from '../notifications/events';
import { valuesIn } from '../documents/values';
import { actorOf } from '../lifecycle/actor';
import { applyLifecycleEvent } from '../lifecycle/apply';

export type DepositRow = typeof deposits.$inferSelect;

const EN = valuesIn('en'), AR = valuesIn('ar');

const T = {
  approved: {
    en: (d: DepositRow, name: string) => ({ subject: 'Your deposit has been approved', lines: [`Hello ${name},`, `Your deposit of ${EN.money(d.amountMinor, d.currency)} (reference ${d.reference}) has been approved and added to your wallet.`] }),
    ar: (d: DepositRow, name: string) => ({ subject: 'تمت الموافقة على إيداعك', lines: [`مرحباً ${name}،`, `تمت الموافقة على إيداعك بمبلغ ${AR.money(d.amountMinor, d.currency)} (المرجع ${AR.ltr(d.reference)}) وأضيف إلى محفظتك.`] }),
  },
  rejected: {
    en: (d: DepositRow, name: string) => ({ subject: 'Your deposit was not approved', lines: [`Hello ${name},`, `Your deposit of ${EN.money(d.amountMinor, d.currency)} (reference ${d.reference}) was not approved.`, `Reason: ${d.rejectionReason ?? ''}`] }),
    ar: (d: DepositRow, name: string) => ({ subject: 'لم تتم الموافقة على إيداعك', lines: [`مرحباً ${name}،`, `لم تتم الموافقة على إيداعك بمبلغ ${AR.money(d.amountMinor, d.currency)} (المرجع ${AR.ltr(d.reference)}).`, `السبب: ${d.rejectionReason ?? ''}`] }),
  },
} as const;

/**
 * Approves or rejects a pending deposit. One transaction: the conditional status change (only a pending deposit
 * moves, so two staff approving at once credit it once), the wallet credit, and the email to the agent.
 */
export async function reviewDeposit(ctx: AppContext, id: number, staff: SessionUser, decision: { status: 'approved' | 'rejected'; reason?: string | null }) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const moved = await applyLifecycleEvent(tx, ctx, 'deposit', id, decision.status === 'approved' ? 'APPROVE' : 'REJECT', actorOf(staff), {
      from: ['pending'], note: decision.status === 'rejected' ? decision.reason!.trim() : null,
      set: { rejectionReason: decision.status === 'rejected' ? decision.reason!.trim() : null, reviewedBy: staff.id, reviewedAt: now },
    });
    const row = moved?.row;
    if (!row) {
      const [existing] = await tx.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, id)).limit(1);
      if (!existing) throw notFound('Deposit not found.');
      throw conflict(`This deposit has already been ${existing.status}.`);
    }
    const [agent] = await tx.select().from(users).where(eq(users.id, row.agentId)).limit(1);
    if (decision.status === 'approved') {
      await creditWallet(tx, {
        agentId: row.agentId,
        amountMinor: row.amountMinor,
        currency: row.currency,
        type: 'deposit',
        reference: `deposit:${row.id}`,
        description: `Deposit ${row.reference}${row.bankName ? ` (${row.bankName})` : row.method === 'cash' ? ' (cash)' : ''}`,
        createdBy: staff.id,
        at: now,
      });
    }
    const locale = agent.locale === 'ar' ? 'ar' : 'en';
    const t = T[decision.status][locale](row, agent.name);
    await enqueueMail(tx, agent.email, simpleMail(locale, `deposit-${decision.status}`, t.subject, t.lines, { label: locale === 'ar' ? 'عرض الإيداعات' : 'View deposits', url: `${ctx.config.appUrl}/agent/deposits` }));
    await depositDecided(tx, ctx, row, agent.email);
    return row;
  });
}

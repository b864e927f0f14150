import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { outbox } from '../db/schema';
import { produceAttachment, type Attachment, type AttachmentRef } from '../documents/registry';
import { refreshMail } from './refresh';

export interface OutgoingMail { from: string; to: string; subject: string; text: string; html: string; attachments?: Attachment[] }
export interface Transport { send(m: OutgoingMail): Promise<void> }

/**
 * The row's attachment descriptors rendered now (a retry renders them again). One whose record is gone is left
 * out rather than holding the mail back; a failure to render fails the send, which is retried.
 */
async function attachmentsOf(ctx: AppContext, refs: AttachmentRef[]): Promise<Attachment[]> {
  if (!refs.length) return [];
  await import('../documents/kinds');
  const files = await Promise.all(refs.map((r) => produceAttachment(ctx, r)));
  return files.filter((f): f is Attachment => f !== null);
}

/** SMTP when configured; otherwise mails stay readable in the development viewer and are only logged. */
export async function createTransport(ctx: AppContext): Promise<Transport> {
  const smtp = ctx.config.smtp;
  if (!smtp) {
    return { send: async (m) => ctx.log.info({ to: m.to, subject: m.subject, attachments: m.attachments?.map((a) => a.filename) }, 'mail (no SMTP configured; see /dev/mail)') };
  }
  const nodemailer = await import('nodemailer');
  const t = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: smtp.secure, auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined });
  return { send: async (m) => void (await t.sendMail(m)) };
}

/** How long a claimed mail is left to the server that claimed it (longer than any SMTP send takes). */
export const SEND_LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;

/**
 * Sends what is pending, oldest first. Safe on several servers: a batch is claimed in one UPDATE (rows locked by
 * another server's claim are skipped) with a lease, so no other server sends a row while its sender is at it.
 * Before, a row claimed but not yet marked sent looked pending to the next server, which claimed and sent it
 * again. A server dying mid-send leaves the row to be sent again once the lease is over (at least once).
 */
export async function drainOutbox(ctx: AppContext, transport: Transport, batch = 20): Promise<number> {
  const now = ctx.now();
  const due = and(eq(outbox.status, 'pending'), lt(outbox.attempts, MAX_ATTEMPTS), or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)));
  // The batch is picked in a WITH query, which runs once. Written as `id in (subquery)`, a plan could run the locking
  // subquery again for every pending row: with 6,000 pending mails and a generic plan made while the outbox was
  // nearly empty, one claim took 16 s on PGlite and claimed all 6,000 instead of a batch.
  const picked = ctx.db.$with('picked').as(ctx.db.select({ id: outbox.id }).from(outbox).where(due).orderBy(asc(outbox.id)).limit(batch).for('update', { skipLocked: true }));
  const claimed = await ctx.db.with(picked).update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lockedUntil: new Date(now.getTime() + SEND_LEASE_MS) })
    .where(and(inArray(outbox.id, ctx.db.select({ id: picked.id }).from(picked)), due))
    .returning();
  claimed.sort((a, b) => a.id - b.id);
  let sent = 0;
  for (const m of claimed) {
    try {
      const fresh = m.refresh ? await refreshMail(ctx, m.refresh) : null;
      const body = fresh ? { subject: fresh.subject, text: fresh.text, html: fresh.html } : { subject: m.subject, text: m.textBody, html: m.htmlBody };
      const attachments = await attachmentsOf(ctx, m.attachments);
      await transport.send({ from: ctx.config.mailFrom, to: m.toAddress, ...body, ...(attachments.length ? { attachments } : {}) });
      // The row keeps what was sent.
      await ctx.db.update(outbox).set({ status: 'sent', sentAt: ctx.now(), lockedUntil: null, subject: body.subject, textBody: body.text, htmlBody: body.html }).where(eq(outbox.id, m.id));
      sent++;
    } catch (err) {
      const failed = m.attempts >= MAX_ATTEMPTS;
      // Wait longer after each failure rather than hammering a mail server that is down.
      const retryAt = new Date(ctx.now().getTime() + m.attempts * 30_000);
      await ctx.db.update(outbox).set({ lastError: String(err), status: failed ? 'failed' : 'pending', lockedUntil: failed ? null : retryAt }).where(eq(outbox.id, m.id));
      ctx.log.warn({ err, id: m.id }, 'mail send failed');
    }
  }
  return sent;
}

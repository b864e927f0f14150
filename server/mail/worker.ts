import { and, asc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { outbox } from '../db/schema';

export interface Transport { send(m: { from: string; to: string; subject: string; text: string; html: string }): Promise<void> }

/** SMTP when configured; otherwise mails stay readable in the development viewer and are only logged. */
export async function createTransport(ctx: AppContext): Promise<Transport> {
  const smtp = ctx.config.smtp;
  if (!smtp) {
    return { send: async (m) => ctx.log.info({ to: m.to, subject: m.subject }, 'mail (no SMTP configured; see /dev/mail)') };
  }
  const nodemailer = await import('nodemailer');
  const t = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: smtp.secure, auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined });
  return { send: async (m) => void (await t.sendMail(m)) };
}

/** Sends what is pending, oldest first. Safe to run on several servers: each row is claimed before sending. */
export async function drainOutbox(ctx: AppContext, transport: Transport, batch = 20): Promise<number> {
  const pending = await ctx.db.select().from(outbox).where(and(eq(outbox.status, 'pending'), lt(outbox.attempts, 5))).orderBy(asc(outbox.id)).limit(batch);
  let sent = 0;
  for (const m of pending) {
    const claimed = await ctx.db
      .update(outbox)
      .set({ attempts: m.attempts + 1 })
      .where(and(eq(outbox.id, m.id), eq(outbox.attempts, m.attempts), eq(outbox.status, 'pending')))
      .returning({ id: outbox.id });
    if (claimed.length === 0) continue;
    try {
      await transport.send({ from: ctx.config.mailFrom, to: m.toAddress, subject: m.subject, text: m.textBody, html: m.htmlBody });
      await ctx.db.update(outbox).set({ status: 'sent', sentAt: ctx.now() }).where(eq(outbox.id, m.id));
      sent++;
    } catch (err) {
      const failed = m.attempts + 1 >= 5;
      await ctx.db.update(outbox).set({ lastError: String(err), status: failed ? 'failed' : 'pending' }).where(eq(outbox.id, m.id));
      ctx.log.warn({ err, id: m.id }, 'mail send failed');
    }
  }
  return sent;
}

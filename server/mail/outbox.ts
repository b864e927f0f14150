import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import type { Mail } from './templates';

/** Queues a mail; call it with the transaction of the change that causes it so both commit or neither. */
export async function enqueueMail(db: DbOrTx, to: string, mail: Mail) {
  await db.insert(outbox).values(outboxRow(to, mail));
}

/** The outbox row enqueueMail writes, for a caller that writes it within another statement. */
export function outboxRow(to: string, mail: Mail): typeof outbox.$inferInsert {
  return { toAddress: to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, kind: mail.kind, attachments: mail.attachments ?? [], refresh: mail.refresh ?? null };
}

/** The newest mails of the outbox, for the development mail viewer. */
export function recentMails(db: DbOrTx, limit = 100) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}

/** The n-th attachment descriptor of a queued mail (the development viewer renders it on demand). */
export async function mailAttachment(db: DbOrTx, id: number, n: number) {
  const [m] = await db.select({ attachments: outbox.attachments }).from(outbox).where(eq(outbox.id, id)).limit(1);
  return m?.attachments[n] ?? null;
}

/**
 * Mails written again at send time: a kind registers how to write its mail from the record as it is then (the
 * ticket mail lists the ticket numbers the airline gave after the mail was queued). The outbox row keeps only
 * `{kind, id, lang}` for it; what was first written stays the fallback.
 */
import type { AppContext } from '../context';
import type { Mail } from './templates';

/** `chargeId`: the charge a mail states (a date change's), read again with it. */
export interface MailRefresh { kind: string; id: number; lang: 'en' | 'ar'; totalMinor?: number; chargeId?: number }
type Writer = (ctx: AppContext, ref: MailRefresh) => Promise<Mail | null>;

const writers = new Map<string, Writer>();

export function registerMailRefresh(kind: string, write: Writer) {
  writers.set(kind, write);
}

export async function refreshMail(ctx: AppContext, ref: MailRefresh): Promise<Mail | null> {
  const write = writers.get(ref.kind);
  return write ? write(ctx, ref) : null;
}

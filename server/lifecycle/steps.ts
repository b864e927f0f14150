/**
 * Where each kind keeps its steps. Flight, hotel and visa steps are rows of their kinds' event tables, which name
 * an `action` (what the screens word, finer than the machine's event: a card or a wallet payment) and also hold
 * rows that change no status (a failed card, an airline's change); the machine's event is read back from the
 * action. Package, insurance and deposit steps are lifecycle_steps rows, which name the event itself.
 */
import { and, asc, eq } from 'drizzle-orm';
import { START, stepOf, type LifecycleKind } from '../../machines/lifecycle';
import type { DbOrTx } from '../db/client';
import { bookingEvents, hotelBookingEvents, lifecycleSteps, visaApplicationEvents } from '../db/schema';
import { storedActor, type Actor } from './actor';

/** The actions of the event tables by the event they stand for; the first is the one written by default. */
export const ACTIONS: Partial<Record<LifecycleKind, Record<string, readonly string[]>>> = {
  flight: {
    HOLD: ['create'], ENTER_DIRECT: ['create_direct', 'import_pnr'], PAY: ['pay_card', 'pay_wallet'], CONFIRM: ['confirm'], CANCEL: ['cancel'],
    EXPIRE: ['hold_expired'], ISSUE: ['issue'], REJECT: ['reject'], REQUEST_VOID: ['void_requested'], VOID: ['void'], REJECT_VOID: ['void_rejected'],
    REQUEST_REFUND: ['refund_requested'], REFUND: ['refund'], REJECT_REFUND: ['refund_rejected'], REISSUE: ['reissued'],
  },
  hotel: { HOLD: ['created'], PAY: ['paid', 'created'], CANCEL: ['canceled'], EXPIRE: ['expired'] },
  visa: { APPLY: ['created'], PAY: ['paid', 'created'], START_REVIEW: ['in_review'], APPROVE: ['approved'], REJECT: ['rejected'] },
};

/** The machine's event a stored action stands for, or null for a row that is no step (a from-to the machine has no event for). */
export function eventOfAction(kind: LifecycleKind, action: string, from: string | null, to: string): string | null {
  const moves = (e: string) => stepOf(kind, from ?? START, e) === to;
  const named = Object.entries(ACTIONS[kind] ?? {}).filter(([e, actions]) => actions.includes(action) && moves(e)).map(([e]) => e);
  if (named.length) return named[0]!;
  if (from === to) return null;
  const any = Object.keys(ACTIONS[kind] ?? {}).filter(moves);
  return any.length === 1 ? any[0]! : null;
}

export interface StepWrite { from: string; event: string; to: string; actor: Actor; at: Date; action?: string; note?: string | null }

export async function writeStep(db: DbOrTx, kind: LifecycleKind, id: number, s: StepWrite): Promise<void> {
  const who = storedActor(s.actor);
  const action = s.action ?? ACTIONS[kind]?.[s.event]?.[0] ?? s.event;
  const row = { action, fromStatus: s.from, toStatus: s.to, ...who, note: s.note ?? null, createdAt: s.at };
  if (kind === 'flight') await db.insert(bookingEvents).values({ bookingId: id, ...row });
  else if (kind === 'hotel') await db.insert(hotelBookingEvents).values({ hotelBookingId: id, ...row });
  else if (kind === 'visa') await db.insert(visaApplicationEvents).values({ applicationId: id, ...row });
  else await db.insert(lifecycleSteps).values({ kind, subjectId: id, event: s.event, fromStatus: s.from, toStatus: s.to, ...who, note: s.note ?? null, createdAt: s.at });
}

export interface StoredStep { from: string | null; event: string; to: string; at: Date; actorId: number | null; actorKind: string }

/** A booking's steps in order: the status changes only, each with the machine's event. */
export async function readSteps(db: DbOrTx, kind: LifecycleKind, id: number): Promise<StoredStep[]> {
  const cols = (t: typeof bookingEvents | typeof hotelBookingEvents | typeof visaApplicationEvents) => ({
    action: t.action, from: t.fromStatus, to: t.toStatus, at: t.createdAt, actorId: t.actorId, actorKind: t.actorKind,
  });
  const rows = kind === 'flight'
    ? await db.select(cols(bookingEvents)).from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(asc(bookingEvents.id))
    : kind === 'hotel'
      ? await db.select(cols(hotelBookingEvents)).from(hotelBookingEvents).where(eq(hotelBookingEvents.hotelBookingId, id)).orderBy(asc(hotelBookingEvents.id))
      : kind === 'visa'
        ? await db.select(cols(visaApplicationEvents)).from(visaApplicationEvents).where(eq(visaApplicationEvents.applicationId, id)).orderBy(asc(visaApplicationEvents.id))
        : null;
  if (rows) {
    return rows.flatMap((r) => {
      const event = eventOfAction(kind, r.action, r.from, r.to);
      return event ? [{ from: r.from, event, to: r.to, at: r.at, actorId: r.actorId, actorKind: r.actorKind }] : [];
    });
  }
  const steps = await db.select().from(lifecycleSteps).where(and(eq(lifecycleSteps.kind, kind), eq(lifecycleSteps.subjectId, id))).orderBy(asc(lifecycleSteps.id));
  return steps.map((s) => ({ from: s.fromStatus, event: s.event, to: s.toStatus, at: s.createdAt, actorId: s.actorId, actorKind: s.actorKind }));
}

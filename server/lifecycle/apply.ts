/**
 * The one writer of booking statuses. A service names the event; the booking's row is locked, the kind's machine
 * is restored at the status read and asked where the event leads, and the status is written by an UPDATE on the
 * status read (with the caller's extra condition, such as a hold past its deadline), so two servers racing on one
 * booking cannot both move it. The step (from, event, to, who, when) is written in the same transaction.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { lifecycleAt, stepOf, type LifecycleKind } from '../../machines/lifecycle';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import type { bookings } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Actor } from './actor';
import { writeStep } from './steps';
import { NOUNS, STATUS_TABLES, type RowOf, type SetOf } from './tables';

/** The machine does not take this event in the booking's state: answered 409, naming both. */
export class LifecycleRefusal extends ApiError {
  constructor(readonly kind: LifecycleKind, readonly state: string, readonly event: string) {
    const message = `A ${NOUNS[kind]} that is ${state.replace(/_/g, ' ')} cannot take ${event}.`;
    super(409, message, { state: [state], event: [message] });
  }
}

export interface ApplyOptions<K extends LifecycleKind> {
  /** The statuses the caller acts on: a booking found in another (it moved meanwhile) is left alone (null). */
  from?: readonly string[];
  /** Columns written with the status (the kind's timestamps, money, payment status). */
  set?: SetOf<K>;
  /** A further condition of the update (a deadline that must have passed). */
  where?: SQL;
  /** The event table's action, where it words the step more finely than the event. */
  action?: string;
  note?: string | null;
}

export interface Applied<K extends LifecycleKind> { row: RowOf<K>; from: string; to: string }

export async function applyLifecycleEvent<K extends LifecycleKind>(
  tx: DbOrTx, ctx: AppContext, kind: K, id: number, event: string, actor: Actor, opts: ApplyOptions<K> = {},
): Promise<Applied<K> | null> {
  // Every status table has id, status and updated_at; one table's types stand for all of them here.
  const table = STATUS_TABLES[kind] as unknown as typeof bookings;
  const [current] = await tx.select({ status: table.status }).from(table).where(eq(table.id, id)).for('update');
  if (!current) return null;
  const from: string = current.status;
  if (opts.from && !opts.from.includes(from)) return null;
  const to = lifecycleAt(kind, from).can({ type: event } as never) ? stepOf(kind, from, event) : null;
  if (to === null) throw new LifecycleRefusal(kind, from, event);
  const now = ctx.now();
  const [row] = await tx.update(table)
    .set({ status: to, updatedAt: now, ...opts.set } as never)
    .where(and(eq(table.id, id), eq(table.status, from as never), opts.where))
    .returning();
  if (!row) return null;
  await writeStep(tx, kind, id, { from, event, to, actor, at: now, action: opts.action, note: opts.note });
  return { row: row as unknown as RowOf<K>, from, to };
}

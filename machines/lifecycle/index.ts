import type { AnyStateMachine } from 'xstate';
import { depositLifecycle } from './deposit';
import { flightLifecycle } from './flight';
import { hotelLifecycle } from './hotel';
import { insuranceLifecycle } from './insurance';
import { packageLifecycle } from './package';
import { visaLifecycle } from './visa';

/**
 * The lifecycle machines by booking kind, and what both sides read from them: the machine restored at a stored
 * status, the events a status takes with where each leads, and which of them fire on their own at a deadline.
 * Every state but `new` (the moment before the row exists) is a status as stored.
 */
export const LIFECYCLES = {
  flight: flightLifecycle,
  hotel: hotelLifecycle,
  package: packageLifecycle,
  visa: visaLifecycle,
  insurance: insuranceLifecycle,
  deposit: depositLifecycle,
} as const satisfies Record<string, AnyStateMachine>;

export type LifecycleKind = keyof typeof LIFECYCLES;
export const LIFECYCLE_KINDS = Object.keys(LIFECYCLES) as LifecycleKind[];

/** The state before a booking exists: its first event (HOLD, PAY, APPLY, SUBMIT, ENTER_DIRECT) leaves it. */
export const START = 'new';

/** Events that no person sends: they fire when a deadline passes (a hold, the void window). */
export const DEADLINE_EVENTS: readonly string[] = ['EXPIRE', 'VOID_WINDOW_CLOSES'];

export interface NextEvent { event: string; to: string }

const machineOf = (kind: LifecycleKind): AnyStateMachine => LIFECYCLES[kind];

/** The statuses a kind's machine knows (its states but `new`). */
export function lifecycleStatuses(kind: LifecycleKind): string[] {
  return Object.keys(machineOf(kind).root.states).filter((s) => s !== START);
}

export const isLifecycleStatus = (kind: LifecycleKind, status: string): boolean => lifecycleStatuses(kind).includes(status);

/** The machine's snapshot at a stored status (`new` before the first event). */
export function lifecycleAt(kind: LifecycleKind, status: string) {
  if (status !== START && !isLifecycleStatus(kind, status)) throw new Error(`${kind} lifecycle has no state ${status}`);
  return machineOf(kind).resolveState({ value: status, context: undefined });
}

/** Every event the status takes and the status it leads to (the same status for one that changes none). */
export function nextEvents(kind: LifecycleKind, status: string): NextEvent[] {
  const node = machineOf(kind).root.states[status];
  if (!node) return [];
  return Object.entries(node.on).map(([event, [t]]) => ({ event, to: t?.target?.[0]?.key ?? status }));
}

/** Where `event` leads from `status`, or null when the machine does not take it there. */
export function stepOf(kind: LifecycleKind, status: string, event: string): string | null {
  return nextEvents(kind, status).find((n) => n.event === event)?.to ?? null;
}

/**
 * The status a new record is written with: where its first event leads from `new`. Creating a record is a step of
 * its machine like any other, so the status comes from the machine rather than from the code that inserts the row.
 */
export function firstStatus(kind: LifecycleKind, event: string): string {
  const to = stepOf(kind, START, event);
  if (!to) throw new Error(`${kind} lifecycle does not start with ${event}`);
  return to;
}

/** The statuses from which `event` leads somewhere. */
export function statusesTaking(kind: LifecycleKind, event: string): string[] {
  return lifecycleStatuses(kind).filter((s) => stepOf(kind, s, event) !== null);
}

import { randomBytes, randomInt } from 'node:crypto';
import type { Role } from '../../contract/roles';
import {
  SUPPORT_CODE_ALPHABET, SUPPORT_CODE_LENGTH, SUPPORT_EVENTS_KEPT, SUPPORT_SESSION_MINUTES,
  type SupportEnd, type SupportMessage, type SupportStatus,
} from '../../contract/support-sessions';

/**
 * Support sessions live in the server's memory only: they last 30 minutes, and what they hold (the newest masked
 * machine messages of one user) is worth nothing after. One store per app, so each test's app has its own. Each
 * session keeps at most SUPPORT_EVENTS_KEPT messages; a session over for longer than its own life is forgotten.
 */
export interface SupportSession {
  id: string;
  code: string;
  userId: number;
  role: Role;
  maskedName: string;
  expiresAt: Date;
  analystId: number | null;
  ended: Exclude<SupportEnd, 'expired'> | null;
  endedAt: Date | null;
  seq: number;
  events: (SupportMessage & { seq: number })[];
  /** Long polls waiting for a message or the end. */
  waiters: Set<() => void>;
}

const LIFE_MS = SUPPORT_SESSION_MINUTES * 60_000;

export function statusOf(s: SupportSession, now: Date): { status: SupportStatus; ended: SupportEnd | null } {
  if (s.ended) return { status: 'ended', ended: s.ended };
  if (now >= s.expiresAt) return { status: 'ended', ended: 'expired' };
  return { status: s.analystId === null ? 'waiting' : 'joined', ended: null };
}

/** "Sara Khan" → "S••• K•••": enough to tell two people apart on a call, nothing to look anyone up by. */
export const maskName = (name: string) => name.trim().split(/\s+/).filter(Boolean).slice(0, 3).map((w) => `${[...w][0]}•••`).join(' ');

export class SupportStore {
  private byId = new Map<string, SupportSession>();
  /** Failed joins per analyst (times), for the limit on guessing codes. */
  private misses = new Map<number, number[]>();

  constructor(private now: () => Date) {}

  private sweep() {
    const now = this.now().getTime();
    for (const [id, s] of this.byId) if (now > s.expiresAt.getTime() + LIFE_MS) this.byId.delete(id);
  }

  private newCode(): string {
    const live = new Set([...this.byId.values()].map((s) => s.code));
    for (;;) {
      const code = Array.from({ length: SUPPORT_CODE_LENGTH }, () => SUPPORT_CODE_ALPHABET[randomInt(SUPPORT_CODE_ALPHABET.length)]).join('');
      if (!live.has(code)) return code;
    }
  }

  /** The user's session that is not over, if any. */
  current(userId: number): SupportSession | null {
    const now = this.now();
    for (const s of this.byId.values()) if (s.userId === userId && statusOf(s, now).status !== 'ended') return s;
    return null;
  }

  /** The user's newest session, over or not (so the user's tab sees how it ended). Sessions are kept in the order made. */
  latest(userId: number): SupportSession | null {
    let found: SupportSession | null = null;
    for (const s of this.byId.values()) if (s.userId === userId) found = s;
    return found;
  }

  /** A new session for the user; the one it had open ends (one at a time). */
  start(user: { id: number; role: Role; name: string }): SupportSession {
    this.sweep();
    const open = this.current(user.id);
    if (open) this.end(open, 'user');
    const s: SupportSession = {
      id: randomBytes(12).toString('hex'), code: this.newCode(), userId: user.id, role: user.role, maskedName: maskName(user.name),
      expiresAt: new Date(this.now().getTime() + LIFE_MS), analystId: null, ended: null, endedAt: null, seq: 0, events: [], waiters: new Set(),
    };
    this.byId.set(s.id, s);
    return s;
  }

  byCode(code: string): SupportSession | null {
    this.sweep();
    let found: SupportSession | null = null;
    for (const s of this.byId.values()) if (s.code === code) found = s;
    return found;
  }

  get(id: string): SupportSession | null {
    return this.byId.get(id) ?? null;
  }

  end(s: SupportSession, by: 'user' | 'analyst') {
    if (statusOf(s, this.now()).status === 'ended') return;
    s.ended = by;
    s.endedAt = this.now();
    this.wake(s);
  }

  add(s: SupportSession, messages: SupportMessage[]) {
    for (const m of messages) s.events.push({ ...m, seq: ++s.seq });
    if (s.events.length > SUPPORT_EVENTS_KEPT) s.events.splice(0, s.events.length - SUPPORT_EVENTS_KEPT);
    if (messages.length) this.wake(s);
  }

  private wake(s: SupportSession) {
    const waiters = [...s.waiters];
    s.waiters.clear();
    for (const w of waiters) w();
  }

  /** Resolves at the next message or end, or after `ms` (or when the caller goes away). */
  wait(s: SupportSession, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => { clearTimeout(timer); s.waiters.delete(done); signal?.removeEventListener('abort', done); resolve(); };
      // The session's end by time wakes it too, so a poll never outlives the session.
      const timer = setTimeout(done, Math.max(0, Math.min(ms, s.expiresAt.getTime() - this.now().getTime())));
      s.waiters.add(done);
      signal?.addEventListener('abort', done);
    });
  }

  /** Failed joins by this analyst in the last `windowMs`, counting this one when `add`. */
  missed(analystId: number, windowMs: number, add = false): number {
    const since = this.now().getTime() - windowMs;
    const times = (this.misses.get(analystId) ?? []).filter((t) => t > since);
    if (add) times.push(this.now().getTime());
    this.misses.set(analystId, times);
    return times.length;
  }
}

const stores = new WeakMap<object, SupportStore>();
/** The app's store, made on first use. */
export function supportStore(ctx: { now(): Date }): SupportStore {
  let store = stores.get(ctx);
  if (!store) stores.set(ctx, (store = new SupportStore(() => ctx.now())));
  return store;
}

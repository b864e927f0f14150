import { mask } from '../../contract/live-mask';
import type { FollowedSession, MySupportSession, SupportEventsPage, SupportMessage } from '../../contract/support-sessions';
import { ApiError, notFound } from '../http/errors';
import { statusOf, supportStore, type SupportSession } from './store';

/**
 * The rules of a support session. The user starts (ending any other of theirs), sends messages only while it is
 * joined, and ends it; one analyst joins by the code and only that analyst reads or ends it (anyone else: 404, as
 * if there were none). A code is refused when unknown, joined by another analyst, ended or expired; an analyst
 * who keeps trying unknown codes is stopped for a while.
 */
interface Ctx { now(): Date }
type User = { id: number; role: SupportSession['role']; name: string };

const GUESS_WINDOW_MS = 10 * 60_000;
const GUESSES = 10;

export function mine(s: SupportSession, now: Date): MySupportSession {
  return { code: s.code, expires_at: s.expiresAt.toISOString(), ...statusOf(s, now) };
}

export function followed(s: SupportSession, now: Date): FollowedSession {
  return { id: s.id, user: { role: s.role, name: s.maskedName }, expires_at: s.expiresAt.toISOString(), ...statusOf(s, now) };
}

export const startSession = (ctx: Ctx, user: User) => mine(supportStore(ctx).start(user), ctx.now());

/** The user's session, the newest even if over (the tab shows how it ended); null when there has been none. */
export function mySession(ctx: Ctx, userId: number): MySupportSession | null {
  const s = supportStore(ctx).latest(userId);
  return s ? mine(s, ctx.now()) : null;
}

function ownSession(ctx: Ctx, userId: number): SupportSession {
  const s = supportStore(ctx).latest(userId);
  if (!s) throw notFound('You have no support session.');
  return s;
}

export function endMine(ctx: Ctx, userId: number): MySupportSession {
  const s = ownSession(ctx, userId);
  supportStore(ctx).end(s, 'user');
  return mine(s, ctx.now());
}

/** Taken while joined, masked again here whatever the tab did; dropped otherwise. The answer says where it stands. */
export function relay(ctx: Ctx, userId: number, messages: SupportMessage[]): MySupportSession {
  const s = ownSession(ctx, userId);
  if (statusOf(s, ctx.now()).status === 'joined') {
    supportStore(ctx).add(s, messages.map((m) => ({ ...m, event: m.event && (mask(m.event) as SupportMessage['event']), value: mask(m.value) })));
  }
  return mine(s, ctx.now());
}

const refuse = (message: string) => new ApiError(422, message, { code: [message] });

export function join(ctx: Ctx, analystId: number, code: string): FollowedSession {
  const store = supportStore(ctx);
  if (store.missed(analystId, GUESS_WINDOW_MS) >= GUESSES) throw new ApiError(429, 'Too many unknown codes. Try again in a few minutes.');
  const s = store.byCode(code);
  if (!s) {
    store.missed(analystId, GUESS_WINDOW_MS, true);
    throw refuse('No support session has this code.');
  }
  const { status, ended } = statusOf(s, ctx.now());
  if (status === 'ended') throw refuse(ended === 'expired' ? 'This code has expired.' : 'This support session has ended.');
  if (s.analystId !== null && s.analystId !== analystId) throw refuse('Someone else has already joined this support session.');
  s.analystId = analystId;
  return followed(s, ctx.now());
}

/** The session this analyst joined; anyone else's is not found. */
function joinedBy(ctx: Ctx, analystId: number, id: string): SupportSession {
  const s = supportStore(ctx).get(id);
  if (!s || s.analystId !== analystId) throw notFound('No such support session.');
  return s;
}

export async function poll(ctx: Ctx, analystId: number, id: string, q: { after: number; wait: number }, signal?: AbortSignal): Promise<SupportEventsPage> {
  const store = supportStore(ctx);
  const s = joinedBy(ctx, analystId, id);
  const newer = () => s.events.filter((e) => e.seq > q.after);
  if (!newer().length && statusOf(s, ctx.now()).status === 'joined' && q.wait > 0) await store.wait(s, q.wait * 1000, signal);
  return { ...followed(s, ctx.now()), seq: s.seq, events: newer() };
}

export function endFollowed(ctx: Ctx, analystId: number, id: string): FollowedSession {
  const s = joinedBy(ctx, analystId, id);
  supportStore(ctx).end(s, 'analyst');
  return followed(s, ctx.now());
}

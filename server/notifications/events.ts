/**
 * The events that write notices, each called in the transaction of its event. Params hold what the words need
 * (names, amounts as decimal strings, references); links are the app paths of the screens behind them.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { toMoney } from '../../contract/money';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { agentProfiles, notifications, type bookings, type deposits, type visaApplications } from '../db/schema';
import { notifyAgent, notifyStaff } from './service';
import { tripAirports } from '../bookings/route';

type Ctx = Pick<AppContext, 'config' | 'now'>;

/**
 * The work a notice asked for is done (a deposit decided, a void answered): the notice is marked read for every
 * recipient, so it leaves every bell, not only the bell of the one who acted.
 */
export async function settleNotices(tx: DbOrTx, ctx: Ctx, subject: { type: string; id: number }, kinds: readonly string[]) {
  await tx.update(notifications).set({ readAt: ctx.now() }).where(and(
    eq(notifications.subjectType, subject.type), eq(notifications.subjectId, subject.id), inArray(notifications.kind, [...kinds]), isNull(notifications.readAt),
  ));
}
type BookingRow = typeof bookings.$inferSelect;
type DepositRow = typeof deposits.$inferSelect;
type VisaRow = typeof visaApplications.$inferSelect;
interface UserLike { id: number; name: string; email: string; agentCode: string | null }

async function companyOf(tx: DbOrTx, userId: number) {
  const [p] = await tx.select({ company: agentProfiles.companyName }).from(agentProfiles).where(eq(agentProfiles.userId, userId)).limit(1);
  return p?.company ?? '';
}

const agentParams = async (tx: DbOrTx, u: UserLike) => ({ name: u.name, email: u.email, company: await companyOf(tx, u.id), agent_code: u.agentCode ?? '' });
const userLink = (id: number) => `/admin/user-details?id=${id}`;

/** A travel agent registered itself (staff who manage users). */
export async function agentRegistered(tx: DbOrTx, ctx: Ctx, u: UserLike) {
  await notifyStaff(tx, ctx, 'users.manage', { kind: 'agent_registered', subject: { type: 'user', id: u.id }, link: userLink(u.id), params: await agentParams(tx, u) });
}

/** An agent verified its email and now waits for approval. */
export async function agentVerified(tx: DbOrTx, ctx: Ctx, u: UserLike) {
  await notifyStaff(tx, ctx, 'users.manage', { kind: 'agent_verified', subject: { type: 'user', id: u.id }, link: userLink(u.id), params: await agentParams(tx, u) });
}

/** Staff approved the agent; the decision mail already goes to the agent. */
export async function agentApproved(tx: DbOrTx, ctx: Ctx, u: UserLike) {
  await settleNotices(tx, ctx, { type: 'user', id: u.id }, ['agent_registered', 'agent_verified']);
  await notifyAgent(tx, ctx, u.id, { kind: 'agent_approved', subject: { type: 'user', id: u.id }, link: '/agent/dashboard', params: {}, alreadyMailed: u.email });
}

const depositParams = (d: DepositRow) => { const m = toMoney(d.amountMinor, d.currency); return { amount: m.amount, currency: m.currency, reference: d.reference }; };

export async function depositSubmitted(tx: DbOrTx, ctx: Ctx, d: DepositRow, agent: { name: string; id: number }) {
  await notifyStaff(tx, ctx, 'deposits.manage', {
    kind: 'deposit_submitted', subject: { type: 'deposit', id: d.id }, link: `/admin/deposit-details?id=${d.id}`,
    params: { ...depositParams(d), agent: agent.name, company: await companyOf(tx, agent.id) },
  });
}

/** The review mail already goes to the agent. */
export async function depositDecided(tx: DbOrTx, ctx: Ctx, d: DepositRow, agentEmail: string) {
  await settleNotices(tx, ctx, { type: 'deposit', id: d.id }, ['deposit_submitted']);
  await notifyAgent(tx, ctx, d.agentId, {
    kind: d.status === 'approved' ? 'deposit_approved' : 'deposit_rejected', subject: { type: 'deposit', id: d.id }, link: '/agent/deposits',
    params: { ...depositParams(d), ...(d.rejectionReason ? { reason: d.rejectionReason } : {}) }, alreadyMailed: agentEmail,
  });
}

export async function visaSubmitted(tx: DbOrTx, ctx: Ctx, a: VisaRow) {
  const visa = a.visa as { title: string; title_ar?: string | null };
  await notifyStaff(tx, ctx, 'bookings.manage', {
    kind: 'visa_submitted', subject: { type: 'visa_application', id: a.id }, link: `/admin/visa-application?id=${a.id}`,
    params: { reference: a.reference, visa: visa.title, visa_ar: visa.title_ar ?? '', travellers: a.travellerCount },
  });
}

// ---- bookings --------------------------------------------------------------------------------------------

// A multi-city trip is named by each of its airports (KHI-DXB-IST-KHI), like its lists and documents.
const route = (b: BookingRow) => `${tripAirports(b).join('-')} ${b.departureDate}`;
/** The agent a booking belongs to: its own (agent channel) or the one staff entered it for (staff channel). */
export const bookingAgent = (b: BookingRow) => (b.channel === 'agent' || b.channel === 'staff' ? b.userId : null);
const staffLink = (b: BookingRow) => (b.channel === 'agent' ? `/admin/booking-details?id=${b.id}` : b.channel === 'staff' ? `/admin/direct-booking-details?id=${b.id}` : `/admin/customer-booking-details?id=${b.id}`);
/** An agent has one page per booking, with its actions, whatever the booking's kind. */
const agentLink = (b: BookingRow) => `/agent/pnr-details?id=${b.id}`;

/**
 * Called by the booking service's one status change: ticketed, void requested, voided, void declined. The
 * booking mails go to its contact address; the agent gets a second one only when that is not theirs.
 */
export async function bookingMoved(tx: DbOrTx, ctx: Ctx, from: string, b: BookingRow, extra: Record<string, string> = {}) {
  const subject = { type: 'booking' as const, id: b.id };
  // `extra`: what the change moved (a void's or refund's credit, as amount and currency), for the agent's notice.
  const params = { pnr: b.pnr, route: route(b), ...extra };
  if (b.status === 'requested' && from === 'ticketed') {
    await notifyStaff(tx, ctx, 'bookings.manage', { kind: 'void_requested', subject, link: staffLink(b), params });
    return;
  }
  if (b.status === 'refund_requested') {
    await notifyStaff(tx, ctx, 'bookings.manage', { kind: 'refund_requested', subject, link: staffLink(b), params });
    return;
  }
  // A void or refund answered either way: the request's notice is done for every member of staff.
  if (from === 'requested') await settleNotices(tx, ctx, subject, ['void_requested']);
  if (from === 'refund_requested') await settleNotices(tx, ctx, subject, ['refund_requested']);
  // ticketed → ticketed is a reissue (a new flight): booking-ops/reissue.ts tells staff with its figures.
  if (from === 'ticketed' && b.status === 'ticketed') return;
  const back = from === 'requested' ? 'void_rejected' : from === 'refund_requested' ? 'refund_rejected' : 'booking_ticketed';
  const kind = b.status === 'voided' ? 'void_approved' : b.status === 'refunded' ? 'refund_approved' : b.status === 'ticketed' ? back : null;
  if (kind) await notifyAgent(tx, ctx, bookingAgent(b), { kind, subject, link: agentLink(b), params, alreadyMailed: b.contactEmail });
}

/** An agent hold expiring within the hour: the agent and the reservation staff, once per booking (dedupe key). */
export async function holdExpiring(tx: DbOrTx, ctx: Ctx, b: BookingRow, agentName: string) {
  const at = b.holdExpiresAt!.toISOString();
  const base = { subject: { type: 'booking' as const, id: b.id }, dedupeKey: `hold-expiring:${b.id}` };
  await notifyAgent(tx, ctx, b.userId, { ...base, kind: 'hold_expiring', link: agentLink(b), params: { pnr: b.pnr, route: route(b), expires_at: at } });
  await notifyStaff(tx, ctx, 'bookings.manage', { ...base, kind: 'agent_hold_expiring', link: staffLink(b), params: { pnr: b.pnr, route: route(b), expires_at: at, agent: agentName } });
}

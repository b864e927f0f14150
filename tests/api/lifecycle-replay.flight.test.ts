import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi, type TestClient } from '../support/api';
import { identities } from '../support/agents';
import { contact, directBookingFor, travellerBody } from '../support/fixtures';
import { payBySandbox } from '../support/hotels';
import { answered as ok, expectRefusal, expectTrace, lifecycleWalks, replayWalk, walkName, type Rules, type Step } from '../support/lifecycle-replay';
import type { BookingTrace } from '../../contract/lifecycle';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { expireHolds } from '../../server/bookings/tickets';
import { users } from '../../server/db/schema';
import { creditWallet } from '../../server/ledger/service';

/**
 * Every path of the flight lifecycle replayed through the API as the real actors take it: an agent holds and
 * confirms from the wallet, a customer holds and pays on the sandbox's card page, staff enter a direct booking
 * and decide it, owners ask for a void or a refund and staff carry it out or decline it, the agent reissues, the
 * hold-expiry job and the test clock bring the deadlines. Each step's stored status is the machine's state; the
 * trace names exactly the walk's steps and what the last state takes next.
 */
const api = await setupApi();
const as = identities(api);
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);
const agentId = (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0]!.id;
await creditWallet(api.db, { agentId, amountMinor: 50_000_000_00, type: 'deposit', reference: 'test:lifecycle-replay-flight', description: 'test float' });

// 10:00 UTC is 15:00 in Karachi, the void window's default zone: the window closes at 19:00 UTC that day.
const START = new Date('2026-05-10T10:00:00Z');
const AFTER_WINDOW = new Date('2026-05-11T09:00:00Z');
const day = (n: number) => new Date(START.getTime() + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const offer = (date = day(30)) => fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date, flight_no: `PK${600 + seq++}` }] });

/**
 * What the services add to the machine, as phases `payer/window`: an agent's hold is confirmed from the wallet,
 * a customer's is paid by card; only a wallet booking is reissued; a void (asked for or done) only inside the void
 * window and never after a reissue; a refund only once the window has closed or after a reissue. A direct booking
 * staff ticket is followed no further here: its ticketed state's transitions are all taken by the others.
 */
const rules: Rules = (phase, _status, event) => {
  const [payer, window] = phase.split('/') as [string, string];
  const open = window === 'open';
  switch (event) {
    case 'HOLD': return [{ by: 'agent', phase: 'agent/open' }, { by: 'customer', phase: 'card/open' }];
    case 'ENTER_DIRECT': return [{ by: 'reservation', phase: 'direct/open' }];
    case 'PAY': return payer === 'card' ? [{ by: 'card', phase }] : [];
    case 'CONFIRM': return payer === 'agent' ? [{ by: 'agent', phase }] : [];
    case 'ISSUE': case 'REJECT': case 'CANCEL': case 'EXPIRE': return [{ by: '', phase }];
  }
  if (payer === 'direct') return [];
  switch (event) {
    case 'VOID_WINDOW_CLOSES': return open ? [{ by: '', phase: `${payer}/closed` }] : [];
    case 'REQUEST_VOID': case 'VOID': return open ? [{ by: '', phase }] : [];
    case 'REQUEST_REFUND': return open ? [] : [{ by: '', phase }];
    case 'REISSUE': return payer === 'agent' ? [{ by: 'agent', phase: 'agent/reissued' }] : [];
    default: return [{ by: '', phase }];
  }
};

interface Made { id: number; pnr: string; owner: TestClient; checkout?: string }
const trace = async (pnr: string) => (await ok((await as('analyst')).get(`/api/bookings/flight/${pnr}/trace`))).data as BookingTrace;

async function start(s: Step): Promise<Made> {
  if (s.event === 'ENTER_DIRECT') return { ...(await directBookingFor(await as('reservation'), agentId)), owner: await as('agent') };
  const owner = await as(s.by === 'agent' ? 'agent' : 'customer');
  const email = `replay.${seq++}@example.com`;
  const body = { flight_id: offer(), supplier: 'fake', main_contact: { ...contact, email }, travellers: [travellerBody()], payment_method: s.by === 'agent' ? 'hold' : 'card' };
  const d = (await ok(owner.post('/api/bookings', body), 201)).data;
  return { id: d.id, pnr: d.pnr, owner, checkout: d.payment_url };
}

const staff = () => as('reservation');
const SEND: Record<string, (b: Made, s: Step) => Promise<unknown>> = {
  PAY: (b) => payBySandbox(b.owner, b.checkout!),
  CONFIRM: (b) => ok(b.owner.post('/api/confirm-pnr', { id: b.id })),
  CANCEL: (b) => ok(b.owner.post('/api/cancel-pnr', { id: b.id })),
  EXPIRE: async () => { api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 16 * 60_000); await expireHolds(api.ctx); },
  ISSUE: async (b) => ok((await staff()).post('/api/approve-booking', { id: b.id, decision: 'approve' })),
  REJECT: async (b) => ok((await staff()).post('/api/approve-booking', { id: b.id, decision: 'reject', reason: 'No fare' })),
  REQUEST_VOID: (b) => ok(b.owner.post('/api/void-booking', { id: b.id, reason: 'Plans changed' })),
  VOID: async (b, s) => ok(s.from === 'requested'
    ? (await staff()).post('/api/approve-booking', { id: b.id, decision: 'approve' })
    : (await staff()).post('/api/void-booking', { id: b.id, reason: null })),
  REJECT_VOID: async (b) => ok((await staff()).post('/api/approve-booking', { id: b.id, decision: 'reject', reason: 'Kept' })),
  // The deadline stores no step: the clock passes it, and the trace stops naming it.
  VOID_WINDOW_CLOSES: async (b) => {
    expect((await trace(b.pnr)).deadlines.map((d) => d.event)).toEqual(['VOID_WINDOW_CLOSES']);
    api.ctx.clock.now = new Date(AFTER_WINDOW);
    expect((await trace(b.pnr)).deadlines).toEqual([]);
  },
  REQUEST_REFUND: async (b) => {
    const q = (await ok(b.owner.get(`/api/bookings/${b.id}/refund-quote`))).data;
    return ok(b.owner.post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund.amount, reason: 'Trip cancelled' }));
  },
  REFUND: async (b) => ok((await staff()).post(`/api/bookings/${b.id}/refund`, {})),
  REJECT_REFUND: async (b) => ok((await staff()).post(`/api/bookings/${b.id}/reject-refund`, { reason: 'Flown in part' })),
  REISSUE: async (b) => {
    const flight_id = offer(day(35 + seq % 20));
    const q = (await ok(b.owner.get(`/api/bookings/${b.id}/reissue-quote`, { flight_id, supplier: 'fake' }))).data;
    return ok(b.owner.post(`/api/bookings/${b.id}/reissue`, { supplier: 'fake', flight_id, expected_total: q.total.amount }));
  },
};

let last: { made: Made; state: string } | undefined;
describe('the flight lifecycle through the API', () => {
  for (const walk of lifecycleWalks('flight', rules, 'none/open')) {
    it(walkName(walk), async () => {
      api.ctx.clock.now = new Date(START);
      const b = await replayWalk(api.db, 'flight', walk, start, (made, s) => SEND[s.event]!(made, s));
      expectTrace('flight', await trace(b.pnr), walk, (s) => s.event !== 'VOID_WINDOW_CLOSES');
      last = { made: b, state: walk.at(-1)!.to };
    });
  }

  it('an event the state does not take is refused with 409 naming both', async () => {
    const { made, state } = last!;
    await expectRefusal(api.db, api.ctx, 'flight', made.id, state, { event: 'CONFIRM', send: () => made.owner.post('/api/confirm-pnr', { id: made.id }) });
  });
});

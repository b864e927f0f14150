import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi, type TestClient } from '../support/api';
import { identities, newBank, newDeposit } from '../support/agents';
import { bookingBody, dayFrom, payBySandbox, pickRate, type Stay } from '../support/hotels';
import { packageBody, umrahDeparture } from '../support/packages';
import { newPlan, policyBody } from '../support/insurance';
import { applicationBody, docsFor, idemKey, newVisa, traveller as visaTraveller } from '../support/visa-applications';
import { answered as ok, expectRefusal, expectTrace, lifecycleWalks, replayWalk, walkName, type Step } from '../support/lifecycle-replay';
import { START, type LifecycleKind } from '../../machines/lifecycle';
import type { BookingTrace } from '../../contract/lifecycle';
import { users } from '../../server/db/schema';
import { creditWallet } from '../../server/ledger/service';
import { expireHotelHolds } from '../../server/hotels/payment';
import { expirePackageHolds } from '../../server/package-bookings/payment';
import { expireUnpaidPolicies } from '../../server/insurance/payment';
import { readSteps } from '../../server/lifecycle/steps';

/**
 * Every path of the hotel, package, visa, insurance and deposit lifecycles replayed through the API as the real
 * actors take them: a guest or customer books by card and pays on the sandbox's page, an agent pays from the
 * wallet, staff confirm, cancel and decide, the expiry jobs run on the test clock. Each step's stored status is the
 * machine's state; the trace names exactly the walk's steps and what the last state takes next.
 */
const api = await setupApi();
const as = identities(api);
beforeEach(() => { api.ctx.clock.now = new Date(); });
const agentId = (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0]!.id;
await creditWallet(api.db, { agentId, amountMinor: 50_000_000_00, type: 'deposit', reference: 'test:lifecycle-replay', description: 'test float' });
const later = (minutes: number) => { api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + minutes * 60_000); };

const trace = async (kind: string, reference: string) => {
  const res = await (await as('analyst')).get(`/api/bookings/${kind}/${reference}/trace`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as BookingTrace;
};

interface Made { id: number; ref: string; checkout?: string; client: TestClient }
type Driver = {
  start: (s: Step) => Promise<Made>;
  send: Record<string, (b: Made) => Promise<unknown>>;
  /** An event sent through the API to a booking in a final state, which takes none. */
  refuse: { event: string; send: (b: Made) => Promise<{ status: number; body: any }> };
};

const stay = (): Stay => ({ check_in: dayFrom(api.ctx.clock.now, 70), check_out: dayFrom(api.ctx.clock.now, 72), rooms: [{ adults: 2, children_ages: [] }] });
let ahead = 40;
const departure = async () => umrahDeparture(await as('admin'), 10, ahead++);
const visa = await newVisa(await as('admin'));
const plan = await newPlan(await as('admin'));
const bank = await newBank(await as('admin'));
const card = (d: Record<string, any>, client: TestClient, ref: string): Made => ({ id: d.id, ref, checkout: d.payment?.checkout_url, client });

const DRIVERS: Record<Exclude<LifecycleKind, 'flight'>, Driver> = {
  hotel: {
    start: async (s) => {
      const client = s.event === 'PAY' ? await as('agent') : await api.as('anonymous');
      const st = stay();
      const { rate } = await pickRate(client, st, { refundable: true });
      const d = (await ok(client.post('/api/hotel-bookings', bookingBody(st, rate.id, { payment_method: s.event === 'PAY' ? 'wallet' : 'card' })), 201)).data;
      return card(d, client, d.reference);
    },
    send: {
      PAY: (b) => payBySandbox(b.client, b.checkout!),
      CANCEL: async (b) => ok((await as('reservation')).post(`/api/hotel-bookings/${b.id}/cancel`)),
      EXPIRE: async () => { later(31); await expireHotelHolds(api.ctx); },
    },
    refuse: { event: 'CANCEL', send: async (b) => (await as('reservation')).post(`/api/hotel-bookings/${b.id}/cancel`) },
  },
  package: {
    start: async (s) => {
      const client = s.event === 'PAY' ? await as('agent') : await as('customer');
      const { pkg, departure: dep } = await departure();
      const d = (await ok(client.post('/api/package-bookings', packageBody(pkg.id, dep.id, 1, s.event === 'PAY' ? { payment_method: 'wallet' } : {})), 201)).data;
      return card(d, client, d.reference);
    },
    send: {
      PAY: async (b) => payBySandbox(await api.as('anonymous'), b.checkout!),
      CONFIRM: async (b) => ok((await as('reservation')).post(`/api/package-bookings/${b.id}/confirm`, {})),
      CANCEL: async (b) => ok((await as('reservation')).post(`/api/package-bookings/${b.id}/cancel`, {})),
      EXPIRE: async () => { later(31); await expirePackageHolds(api.ctx); },
    },
    refuse: { event: 'CONFIRM', send: async (b) => (await as('reservation')).post(`/api/package-bookings/${b.id}/confirm`, {}) },
  },
  visa: {
    start: async (s) => {
      const client = s.event === 'PAY' ? await as('agent') : await as('customer');
      const body = applicationBody(visa.id, dayFrom(api.ctx.clock.now, 30), [visaTraveller(await docsFor(client))], s.event === 'PAY' ? { payment_method: 'wallet' } : {});
      const d = (await ok(client.post('/api/visa-applications', body, { 'idempotency-key': idemKey() }), 201)).data;
      return card(d, client, d.reference);
    },
    send: {
      PAY: (b) => payBySandbox(b.client, b.checkout!),
      START_REVIEW: async (b) => ok((await as('reservation')).post(`/api/visa-applications/${b.id}/status`, { status: 'in_review' })),
      APPROVE: async (b) => ok((await as('admin')).post(`/api/visa-applications/${b.id}/status`, { status: 'approved' })),
      REJECT: async (b) => ok((await as('reservation')).post(`/api/visa-applications/${b.id}/status`, { status: 'rejected', reason: 'Photo unclear' })),
    },
    refuse: { event: 'START_REVIEW', send: async (b) => (await as('reservation')).post(`/api/visa-applications/${b.id}/status`, { status: 'in_review' }) },
  },
  insurance: {
    start: async (s) => {
      const client = s.event === 'PAY' ? await as('agent') : await api.as('anonymous');
      const body = policyBody(plan.id, api.ctx.clock.now, { payment_method: s.event === 'PAY' ? 'wallet' : 'card' });
      const d = (await ok(client.post('/api/insurance-policies', body, { 'idempotency-key': idemKey() }), 201)).data;
      return card(d, client, d.policy_number);
    },
    send: {
      PAY: (b) => payBySandbox(b.client, b.checkout!),
      EXPIRE: async () => { later(31); await expireUnpaidPolicies(api.ctx); },
    },
    refuse: { event: 'PAY', send: (b) => b.client.post(`/api/insurance-policies/${b.ref}/checkout`, { email: 'insured.guest@example.com' }) },
  },
  deposit: {
    start: async () => {
      const client = await as('agent');
      const d = await newDeposit(client, bank.id, '500.00');
      return { id: d.id, ref: String(d.id), client };
    },
    send: {
      APPROVE: async (b) => ok((await as('accounts')).put(`/api/update-deposit-status/${b.id}`, { status: 'approved' })),
      REJECT: async (b) => ok((await as('accounts')).put(`/api/update-deposit-status/${b.id}`, { status: 'rejected', reason: 'Receipt unreadable' })),
    },
    refuse: { event: 'APPROVE', send: async (b) => (await as('accounts')).put(`/api/update-deposit-status/${b.id}`, { status: 'approved' }) },
  },
};

const last = new Map<LifecycleKind, { made: Made; state: string }>();
for (const kind of Object.keys(DRIVERS) as (keyof typeof DRIVERS)[]) {
  const driver = DRIVERS[kind];
  describe(`the ${kind} lifecycle through the API`, () => {
    for (const walk of lifecycleWalks(kind)) {
      it(walkName(walk), async () => {
        const b = await replayWalk(api.db, kind, walk, driver.start, (made, s) => {
          const send = driver.send[s.event];
          if (!send) throw new Error(`no way to send ${s.event} to a ${kind}`);
          return send(made);
        });
        last.set(kind, { made: b, state: walk.at(-1)!.to });
        if (kind !== 'deposit') return expectTrace(kind, await trace(kind, b.ref), walk);
        // Deposits have no trace endpoint (staff read them on the deposits screens); their stored steps must
        // still be the walk's, after the SUBMIT the row itself stands for.
        const steps = (await readSteps(api.db, 'deposit', b.id)).map((s) => `${s.from} ${s.event} ${s.to}`);
        expect([`${START} SUBMIT pending`, ...steps]).toEqual(walk.map((s) => `${s.from} ${s.event} ${s.to}`));
      });
    }

    it('an event the state does not take is refused with 409 naming both', async () => {
      const { made, state } = last.get(kind)!;
      await expectRefusal(api.db, api.ctx, kind, made.id, state, { event: driver.refuse.event, send: () => driver.refuse.send(made) });
    });
  });
}

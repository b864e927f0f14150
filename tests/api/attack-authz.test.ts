/**
 * Authorization, attacked from the server's own route table: every route × every identity against the expected
 * access in tests/support/route-access.ts (401 anonymous / 403 signed in when denied; when allowed, neither and
 * never 5xx). Requests carry empty bodies and ids that name nothing, so an allowed identity gets a 404 or 422
 * and nothing changes; a guard that runs after validation or a lookup shows up as a 404/422 where 401/403 is due.
 */
import { describe, expect, it } from 'vitest';
import { ALL_IDENTITIES, setupApi, type Identity, type Res, type TestClient } from '../support/api';
import { identities, newAgent, newBank, newDeposit } from '../support/agents';
import { directBookingFor, heldBooking, travellerBody, withFakeFlights } from '../support/fixtures';
import { creditWallet } from '../../server/ledger/service';
import { appRoutes, fillPath, type AppRoute } from '../support/routes';
import { ROUTE_ACCESS } from '../support/route-access';

const api = await setupApi();
const as = identities(api);
const routes = appRoutes(api.app);
const fakeOffer = withFakeFlights(api);

/** Requests whose empty body would change something for an allowed identity get a body that is refused instead. */
const BODY: Record<string, unknown> = {
  'POST /api/save-customer-margin-values': { discount_percent: 'not a number' },
};

async function call(route: AppRoute, who: Identity, client: TestClient) {
  // Logging out ends the session the other checks use: a session of its own.
  const c = route.key === 'POST /api/logout' ? await api.as(who) : client;
  const body = BODY[route.key] ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
  return c.request(route.method, fillPath(route), body);
}

describe('authorization matrix from the route table', () => {
  it('has an access rule for every route, and no rule for a route that is gone', () => {
    const missing = routes.filter((r) => !ROUTE_ACCESS[r.key]).map((r) => r.key);
    const stale = Object.keys(ROUTE_ACCESS).filter((k) => !routes.some((r) => r.key === k));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('answers every route × identity as its rule says: 401/403 when denied, past the guard and no 5xx when allowed', async () => {
    const wrong: string[] = [];
    let checks = 0;
    for (const who of ALL_IDENTITIES) {
      const client = await as(who);
      for (const route of routes) {
        const rule = ROUTE_ACCESS[route.key];
        if (!rule) continue;
        const res = await call(route, who, client);
        checks++;
        const denied = who === 'anonymous' ? 401 : 403;
        const ok = rule.allows(who) ? res.status < 500 && res.status !== 401 && res.status !== 403 : res.status === denied;
        if (!ok) wrong.push(`${route.key} as ${who} (${rule.label}): got ${res.status}, expected ${rule.allows(who) ? 'past the guard' : denied} ${JSON.stringify(res.body)?.slice(0, 120)}`);
      }
    }
    console.log(`authz matrix: ${routes.length} routes × ${ALL_IDENTITIES.length} identities = ${checks} checks, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  }, 120_000); // ~1400 requests: about 30 s alone on a quiet machine, past the default limit on a busy one
});

describe('one agent against another', () => {
  it("a second approved agent neither reads nor changes the first agent's bookings, travellers, deposits and ledger", async () => {
    const admin = await as('admin');
    const a = await as('agent');
    const aId: number = (await a.get('/api/user')).body.data.id;
    const b = (await newAgent(api, admin)).client;

    // The first agent's things: a held booking, a direct booking, a traveller, a pending deposit, a charge.
    const booking = await heldBooking(a, fakeOffer);
    const direct = await directBookingFor(await as('reservation'), aId);
    const traveller = (await a.post('/api/save-travellers', travellerBody())).body.data;
    const deposit = await newDeposit(a, (await newBank(admin)).id);
    await creditWallet(api.db, { agentId: aId, amountMinor: 1_000_00, type: 'deposit', reference: `test:cross-agent-${Date.now()}`, description: 'test float' });
    const charge = (await admin.post('/api/save-agent-charges', { agent_id: aId, type: 'charge', amount: '10.00', description: 'CROSSAGENTSECRET charge' })).body.data;
    expect([booking.id, direct.id, traveller.id, deposit.id, charge.id].every(Boolean)).toBe(true);

    const secrets = [booking.pnr, direct.pnr, traveller.document_no, (deposit as { reference?: string }).reference ?? 'unused', 'CROSSAGENTSECRET'];
    const attempts: [string, Promise<Res>][] = [
      ['booking details', b.get('/api/get-flight-booking-details', { id: booking.id })],
      ['booking ops details', b.get('/api/get-booking-ops-details', { id: booking.id })],
      ['customer booking details', b.get('/api/get-customer-flight-booking-details', { id: booking.id })],
      ['direct booking', b.get('/api/get-admin-booking', { id: direct.id })],
      ['pnr details', b.get('/api/get-pnr-details', { pnr: booking.pnr })],
      ['pay for it', b.get('/api/safepay-url', { booking_id: booking.id })],
      ['cancel', b.post('/api/cancel-pnr', { id: booking.id })],
      ['confirm', b.post('/api/confirm-pnr', { id: booking.id })],
      ['void', b.post('/api/void-booking', { id: booking.id })],
      ['traveller', b.get(`/api/get-travellers/${traveller.id}`)],
      ['traveller list of A', b.get('/api/get-travellers', { agent_id: aId })],
      ['update traveller', b.put(`/api/update-travellers/${traveller.id}`, travellerBody({ first_name: 'Stolen' }))],
      ['update traveller by query', b.put(`/api/update-travellers?id=${traveller.id}`, travellerBody({ first_name: 'Stolen' }))],
      ['delete traveller', b.delete(`/api/delete-travellers/${traveller.id}`)],
      ['deposit', b.get(`/api/get-deposit-data/${deposit.id}`)],
      ['deposit details', b.get('/api/deposit-details', { id: deposit.id })],
      ['delete deposit', b.delete(`/api/delete-deposit-data/${deposit.id}`)],
      ['delete deposit by query', b.delete(`/api/delete-deposit-data?id=${deposit.id}`)],
      ['deposits total of A', b.get(`/api/approved-deposits-total/${aId}`)],
      ['statement of A', b.get('/api/agent-statment', { agent_id: aId })],
      ['balance of A', b.get('/api/wallet-balance', { agent_id: aId })],
      ['charges of A', b.get('/api/show-all-charges', { agent_id: aId })],
      ['transactions', b.get('/api/transactions', { agent_id: aId })],
      ['margin of A', b.get('/api/get-agent-margin', { agent_id: aId })],
      ['profile of A', b.get(`/api/agentsData/${aId}`)],
      ['change profile of A', b.post('/api/update-agents-data', { user_id: aId, company_name: 'Stolen Travels', phone: '+92 300 1111111' })],
    ];
    const leaks: string[] = [];
    for (const [what, p] of attempts) {
      const res = await p;
      const { message: _echo, ...rest } = (res.body ?? {}) as Record<string, unknown>; // a 404 may repeat the PNR asked for
      const text = JSON.stringify(rest);
      if (![403, 404].includes(res.status) || secrets.some((s) => text.includes(s))) leaks.push(`${what}: ${res.status} ${text.slice(0, 160)}`);
    }
    // B's own lists hold none of A's things.
    for (const path of ['/api/get-bookings', '/api/get-admin-bookings', '/api/get-travellers', '/api/get-deposit-data', '/api/show-all-charges', '/api/agent-statment', '/api/agent-dashboard']) {
      const res = await b.get(path);
      const text = JSON.stringify(res.body);
      if (res.status !== 200 || secrets.some((s) => text.includes(s))) leaks.push(`own list ${path}: ${res.status} ${text.slice(0, 160)}`);
    }
    console.log(`cross-agent: ${attempts.length} attempts on another agent's data, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);

    // Nothing of A's changed.
    expect((await a.get(`/api/get-travellers/${traveller.id}`)).body.data.first_name).toBe(traveller.first_name);
    expect((await a.get(`/api/get-deposit-data/${deposit.id}`)).body.data.status).toBe('pending');
    expect((await a.get('/api/get-flight-booking-details', { id: booking.id })).body.data.status).toBe('booked');
    expect((await a.get('/api/agentsData')).body.data.company_name).not.toBe('Stolen Travels');
  });
});

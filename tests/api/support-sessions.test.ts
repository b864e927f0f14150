import { describe, expect, it } from 'vitest';
import { setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix, identities } from '../support/agents';
import { SUPPORT_CODE_ALPHABET, SUPPORT_EVENTS_KEPT, type SupportMessage } from '../../contract/support-sessions';
import { MASK } from '../../contract/live-mask';

/**
 * Support sessions: a user starts one and reads its code out; one analyst joins by the code and follows the user's
 * masked machine messages until either ends it or 30 minutes pass. Refusals (wrong, used, ended, expired code), the
 * role matrix, and that nothing reaches an analyst who did not join.
 */
const api = await setupApi();
const as = identities(api);

const message = (over: Partial<SupportMessage> = {}): SupportMessage => ({
  type: 'state', tab: 'tab1', path: '/flights', actor: 'x:1', machine: 'flightSearchForm', time: 1, event: { type: 'SUBMIT' }, value: 'searching', status: 'active', ...over,
});
const start = async (c: TestClient) => {
  const res = await c.post('/api/support-sessions');
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { code: string; status: string; expires_at: string };
};
const join = (c: TestClient, code: string) => c.post('/api/support-sessions/join', { code });
/** A fresh analyst session per test, so one test's joins and guesses do not meet another's. */
const analyst = () => api.as('analyst');

describe('support sessions: the user side', () => {
  it('starts a session with a 6-character code of unambiguous letters, valid 30 minutes; one at a time', async () => {
    const agent = await as('agent');
    const now = api.ctx.now().getTime();
    const first = await start(agent);
    expect(first.code).toMatch(new RegExp(`^[${SUPPORT_CODE_ALPHABET}]{6}$`));
    expect(first.code).not.toMatch(/[IL O01]/);
    expect(first.status).toBe('waiting');
    expect(new Date(first.expires_at).getTime() - now).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    const second = await start(agent);
    expect(second.code).not.toBe(first.code);
    expect((await agent.get('/api/support-sessions/mine')).body.data).toMatchObject({ code: second.code, status: 'waiting' });
    const res = await join(await analyst(), first.code);
    expect(res.status).toBe(422);
    expect(res.body.errors.code[0]).toMatch(/ended/);
  });

  it('answers null when the user never started one; 404 to end or relay without one', async () => {
    const customer = await as('customer');
    expect((await customer.get('/api/support-sessions/mine')).body).toEqual({ data: null });
    expect((await customer.post('/api/support-sessions/mine/end')).status).toBe(404);
    expect((await customer.post('/api/support-sessions/mine/events', { events: [] })).status).toBe(404);
  });

  it('refuses a malformed batch: not a list, too many, a message of another shape', async () => {
    const c = await api.as('reservation');
    await start(c);
    expect((await c.post('/api/support-sessions/mine/events', { events: 'x' })).status).toBe(422);
    expect((await c.post('/api/support-sessions/mine/events', { events: Array.from({ length: 101 }, () => message()) })).status).toBe(422);
    const bad = await c.post('/api/support-sessions/mine/events', { events: [{ ...message(), machine: 'x'.repeat(65) }] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)[0]).toMatch(/^events\.0\.machine/);
  });
});

describe('support sessions: joining and following', () => {
  it('relays the messages sent once joined, masked again, to the analyst who joined; either side sees the end', async () => {
    const agent = await api.as('agent');
    const { code } = await start(agent);
    // Before anyone joins, messages are dropped: nothing is kept for nobody.
    expect((await agent.post('/api/support-sessions/mine/events', { events: [message({ value: 'idle' })] })).body.data.status).toBe('waiting');
    const a = await analyst();
    const joined = await join(a, code.toLowerCase().replace(/(...)/, '$1-'));
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.data).toMatchObject({ status: 'joined', user: { role: 'agent', name: 'B••• A•••' } });
    const id = joined.body.data.id;
    expect((await agent.get('/api/support-sessions/mine')).body.data.status).toBe('joined');

    const sent = await agent.post('/api/support-sessions/mine/events', {
      events: [message(), message({ event: { type: 'SET', field: 'first_name', value: 'Sara', email: 'sara@example.com' }, value: { form: 'idle' } })],
    });
    expect(sent.body.data.status).toBe('joined');
    const page = await a.get(`/api/support-sessions/${id}/events`, { after: 0, wait: 0 });
    expect(page.status).toBe(200);
    expect(page.body.data.seq).toBe(2);
    expect(page.body.data.events.map((e: { seq: number }) => e.seq)).toEqual([1, 2]);
    expect(page.body.data.events[1].event).toEqual({ type: 'SET', field: 'first_name', value: MASK, email: MASK });
    expect(JSON.stringify(page.body.data)).not.toMatch(/agent@demo|Sara|Bilal/);
    expect((await a.get(`/api/support-sessions/${id}/events`, { after: 2, wait: 0 })).body.data.events).toEqual([]);

    // The same analyst may join again (a reload); the session ends for both when the analyst ends it.
    expect((await join(a, code)).status).toBe(200);
    const ended = await a.post(`/api/support-sessions/${id}/end`);
    expect(ended.body.data).toMatchObject({ status: 'ended', ended: 'analyst' });
    expect((await agent.get('/api/support-sessions/mine')).body.data).toMatchObject({ status: 'ended', ended: 'analyst' });
    expect((await a.get(`/api/support-sessions/${id}/events`, { after: 2, wait: 0 })).body.data.status).toBe('ended');
    expect((await join(await analyst(), code)).body.errors.code[0]).toMatch(/ended/);
  });

  it('a long poll answers as soon as a message comes, and when the user ends the session', async () => {
    const agent = await api.as('agent');
    const { code } = await start(agent);
    const a = await analyst();
    const id = (await join(a, code)).body.data.id;
    const waiting = a.get(`/api/support-sessions/${id}/events`, { after: 0, wait: 10 });
    await new Promise((r) => setTimeout(r, 50));
    await agent.post('/api/support-sessions/mine/events', { events: [message()] });
    expect((await waiting).body.data.events).toHaveLength(1);
    const again = a.get(`/api/support-sessions/${id}/events`, { after: 1, wait: 10 });
    await new Promise((r) => setTimeout(r, 50));
    expect((await agent.post('/api/support-sessions/mine/end')).body.data).toMatchObject({ status: 'ended', ended: 'user' });
    expect((await again).body.data).toMatchObject({ status: 'ended', ended: 'user', events: [] });
  });

  it('keeps only the newest messages of a session', async () => {
    const agent = await api.as('agent');
    const a = await analyst();
    const id = (await join(a, (await start(agent)).code)).body.data.id;
    for (let i = 0; i < 6; i++) await agent.post('/api/support-sessions/mine/events', { events: Array.from({ length: 100 }, (_, j) => message({ time: i * 100 + j })) });
    const page = (await a.get(`/api/support-sessions/${id}/events`, { after: 0, wait: 0 })).body.data;
    expect(page.seq).toBe(600);
    expect(page.events).toHaveLength(SUPPORT_EVENTS_KEPT);
    expect(page.events[0].seq).toBe(101);
  });

  it('refuses a wrong code, a code joined by another analyst, and an expired one; nothing is shown', async () => {
    const customer = await api.as('customer');
    const { code } = await start(customer);
    const first = await analyst();
    const second = await api.as('admin');
    const wrong = await join(first, code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ message: 'No support session has this code.', errors: { code: ['No support session has this code.'] } });
    expect((await join(first, 'AB1')).status).toBe(422);
    const id = (await join(first, code)).body.data.id;
    const used = await join(second, code);
    expect(used.status).toBe(422);
    expect(used.body.errors.code[0]).toMatch(/already joined/);
    // A second analyst cannot read nor end the session the first joined.
    expect((await second.get(`/api/support-sessions/${id}/events`, { wait: 0 })).status).toBe(404);
    expect((await second.post(`/api/support-sessions/${id}/end`)).status).toBe(404);

    const late = await start(await api.as('reservation'));
    const was = api.ctx.clock.now;
    api.ctx.clock.now = new Date(was.getTime() + 30 * 60_000 + 1000);
    try {
      const expired = await join(second, late.code);
      expect(expired.body.errors.code[0]).toMatch(/expired/);
      expect((await first.get(`/api/support-sessions/${id}/events`, { wait: 5 })).body.data).toMatchObject({ status: 'ended', ended: 'expired' });
      expect((await customer.get('/api/support-sessions/mine')).body.data).toMatchObject({ status: 'ended', ended: 'expired' });
    } finally {
      api.ctx.clock.now = was;
    }
  });

  it('stops an analyst who keeps trying unknown codes', async () => {
    const email = `analyst-${Date.now().toString(36)}@test.safar`;
    const made = await (await as('admin')).post('/api/add-staff', { name: 'Guessing Analyst', email, password: 'Staff-pass-1', role: 'analyst' });
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    const a = await api.client().login(email, 'Staff-pass-1');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await join(a, `ZZZZZ${SUPPORT_CODE_ALPHABET[i]}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('support sessions: who may call', () => {
  it('any signed-in user starts, reads and ends their own; 401 anonymous', async () => {
    const signedIn = { customer: 201, unapprovedAgent: 201, agent: 201, accounts: 201, reservation: 201, analyst: 201, admin: 201 };
    await expectRoleMatrix(as, (c) => c.post('/api/support-sessions'), signedIn);
    const ok = { customer: 200, unapprovedAgent: 200, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200 };
    await expectRoleMatrix(as, (c) => c.get('/api/support-sessions/mine'), ok);
    await expectRoleMatrix(as, (c) => c.post('/api/support-sessions/mine/events', { events: [message()] }), ok);
    await expectRoleMatrix(as, (c) => c.post('/api/support-sessions/mine/end'), ok);
  });

  it('only flows.view (analyst, admin) joins, reads and ends; 401 anonymous, 403 every other role', async () => {
    const { code } = await start(await api.as('customer'));
    await expectRoleMatrix(as, (c, who) => join(c, who === 'admin' || who === 'analyst' ? 'ZZZZZZ' : code), { analyst: 422, admin: 422 });
    await expectRoleMatrix(as, (c) => c.get('/api/support-sessions/nope/events', { wait: 0 }), { analyst: 404, admin: 404 });
    await expectRoleMatrix(as, (c) => c.post('/api/support-sessions/nope/end'), { analyst: 404, admin: 404 });
  });
});

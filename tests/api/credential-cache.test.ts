import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { identities, newAgent } from '../support/agents';
import { users } from '../../server/db/schema';
import { WriteWatch, writeWatchOf } from '../../server/db/write-watch';

// Who a credential belongs to is remembered between requests on PGlite (server/auth/sessions.ts); every test here
// asks twice first, so the answer after the change would come from that memory if the change did not end it.
const api = await setupApi();
const as = identities(api);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = async (c: { get: (p: string) => Promise<{ body: { data: unknown } }> }) => (await c.get('/api/user')).body.data as { name: string } | null;

describe('the remembered credential ends with what ends the credential', () => {
  it('logout: the session and its bearer token stop working at once', async () => {
    const agent = await newAgent(api, await as('admin'));
    const token = agent.client.accessToken!;
    const byToken = api.client();
    for (let i = 0; i < 2; i++) {
      expect(await me(agent.client)).not.toBeNull();
      expect((await byToken.request('GET', '/api/user', undefined, bearer(token))).body.data).not.toBeNull();
    }
    await agent.client.post('/api/logout');
    expect(await me(agent.client)).toBeNull();
    expect((await byToken.request('GET', '/api/user', undefined, bearer(token))).body.data).toBeNull();
  });

  it('a wrong secret for a remembered token id is refused', async () => {
    const agent = await newAgent(api, await as('admin'));
    const token = agent.client.accessToken!;
    const c = api.client();
    for (let i = 0; i < 2; i++) expect((await c.request('GET', '/api/user', undefined, bearer(token))).body.data).not.toBeNull();
    const [id] = token.split('|');
    expect((await c.request('GET', '/api/user', undefined, bearer(`${id}|not-the-secret`))).body.data).toBeNull();
  });

  it('approval withdrawn by staff closes the agent area on the next request', async () => {
    const admin = await as('admin');
    const agent = await newAgent(api, admin);
    for (let i = 0; i < 2; i++) expect((await agent.client.get('/api/get-deposit-data')).status).toBe(200);
    expect((await admin.put(`/api/update-status/${agent.id}`, { is_approved: '0' })).status).toBe(200);
    expect((await agent.client.get('/api/get-deposit-data')).status).toBe(403);
  });

  it('suspension, even written straight to the database, signs the user out', async () => {
    const agent = await newAgent(api, await as('admin'));
    for (let i = 0; i < 2; i++) expect(await me(agent.client)).not.toBeNull();
    await api.db.update(users).set({ status: 'suspended' }).where(eq(users.id, agent.id));
    expect(await me(agent.client)).toBeNull();
  });

  it('a changed name or password is what the next request sees', async () => {
    const agent = await newAgent(api, await as('admin'));
    for (let i = 0; i < 2; i++) expect(await me(agent.client)).toMatchObject({ name: 'Test Agent' });
    const ok = await agent.client.post('/api/agent-profile', { name: 'Renamed Agent', current_password: 'Agent-pass-1', new_password: 'Another-pass-2', new_password_confirmation: 'Another-pass-2' });
    expect(ok.status).toBe(200);
    expect(await me(agent.client)).toMatchObject({ name: 'Renamed Agent' });
    // The password the session carries is the new one: asking to change it again wants the new password.
    const again = await agent.client.post('/api/agent-profile', { name: 'Renamed Agent', current_password: 'Another-pass-2', new_password: 'Third-pass-3', new_password_confirmation: 'Third-pass-3' });
    expect(again.status).toBe(200);
  });

  it('a credential past its expiry is refused though it was remembered', async () => {
    const agent = await newAgent(api, await as('admin'));
    for (let i = 0; i < 2; i++) expect(await me(agent.client)).not.toBeNull();
    const now = api.ctx.clock.now;
    api.ctx.clock.now = new Date(now.getTime() + (api.ctx.config.sessionDays + 1) * 86_400_000);
    try {
      expect(await me(agent.client)).toBeNull();
    } finally {
      api.ctx.clock.now = now;
    }
  });
});

describe('WriteWatch', () => {
  it('moves a counter for statements that may write its tables, not for reads or other tables', () => {
    const w = new WriteWatch(new Map([['users', []], ['sessions', ['users']], ['bookings', ['users']]]));
    expect(() => w.counter(['users', 'sesions'])).toThrow('not tables of the schema: sesions');
    const auth = w.counter(['users', 'sessions']);
    const v0 = auth.version;
    w.see('select "id" from "users" where "users"."id" = $1');
    w.see('update "bookings" set "status" = $1 where "user_id" = $2');
    expect(auth.version).toBe(v0);
    w.see('update "users" set "status" = $1');
    expect(auth.version).toBe(v0 + 1);
    w.ended([w.see('DELETE FROM sessions WHERE user_id = 1')]);
    expect(auth.version).toBe(v0 + 3);
  });

  it('watches the database on either driver (PostgreSQL: while it hears other writers)', () => {
    expect(writeWatchOf(api.db)).toBeDefined();
  });
});

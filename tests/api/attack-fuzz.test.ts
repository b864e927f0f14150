/**
 * Fuzzing every write route of the route table with bad payloads, as admin, as an approved agent and (where
 * the route is public) anonymously: never a 5xx, never a 2xx for garbage, nothing written when refused, and
 * mass-assigned fields (role, approval, status, owner) never taking effect.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, like, ne } from 'drizzle-orm';
import { setupApi, type Res, type TestClient } from '../support/api';
import { identities, newAgent } from '../support/agents';
import { appRoutes, fillPath, isMutating, type AppRoute } from '../support/routes';
import { ROUTE_ACCESS } from '../support/route-access';
import { prepareBases, type Caller } from '../support/fuzz-bases';
import { changedTables, fingerprint, GENERIC, json, leaves, SPOILERS, spoil } from '../support/fuzz-corpus';
import { deposits, travellers, users } from '../../server/db/schema';
import { walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';

const api = await setupApi();
const as = identities(api);
const bases = await prepareBases(api);
const other = await newAgent(api, await as('admin'));
const agentId: number = (await (await as('agent')).get('/api/user')).body.data.id;

/**
 * Logging out takes no input and would end the session the other requests use; marking all one's notices read
 * takes no input either, and writing (the caller's own read marks) is its whole job.
 */
const SKIP = new Set(['POST /api/logout', 'POST /api/notifications/read-all']);
/**
 * Routes that read no body: what is sent plays no part (their ids are in the path or query; starting or ending
 * one's own support session takes nothing at all).
 */
const NO_BODY = new Set(['POST /api/email/verification-notification', 'POST /api/support-sessions', 'POST /api/support-sessions/mine/end']);
const readsNoBody = (r: AppRoute) => r.method === 'DELETE' || NO_BODY.has(r.key);
/** The payment provider's callbacks are kept, forged ones too, as the audit trail of who called. */
const AUDIT_LOGS = ['payment_callbacks'];

const routes = appRoutes(api.app).filter((r) => isMutating(r) && !SKIP.has(r.key));
/** Admin, an approved agent and a guest, each where the route admits it (refusals by role are the authorization test's). */
const callers = (r: AppRoute): Caller[] => (['admin', 'agent', 'anonymous'] as const).filter((who) => ROUTE_ACCESS[r.key]?.allows(who));

const stats = { sent: 0, serverErrors: 0 };
async function send(who: Caller, r: AppRoute, raw: string): Promise<Res> {
  const c: TestClient = await as(who);
  stats.sent++;
  const res = await c.request(r.method, fillPath(r, bases[r.key]?.path), raw, { 'content-type': 'application/json' });
  if (res.status >= 500) stats.serverErrors++;
  return res;
}
const short = (res: Res) => `${res.status} ${JSON.stringify(res.body)?.slice(0, 140)}`;
const written = (before: Record<string, string>, after: Record<string, string>) => changedTables(before, after).filter((t) => !AUDIT_LOGS.includes(t));

describe('fuzzing the write routes', () => {
  it('refuses every garbage body on every write route, with no 5xx and nothing written', async () => {
    const before = await fingerprint(api.db);
    const wrong: string[] = [];
    for (const r of routes) {
      for (const who of callers(r)) {
        for (const p of GENERIC) {
          const res = await send(who, r, p.raw);
          const accepted = res.status < 300 && !readsNoBody(r);
          if (res.status >= 500 || accepted) wrong.push(`${r.key} as ${who}, ${p.label}: ${short(res)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(written(before, await fingerprint(api.db))).toEqual([]);
  });

  it('refuses a valid body with one field spoiled, naming that field, with no 5xx and nothing written', async () => {
    const before = await fingerprint(api.db);
    const wrong: string[] = [];
    for (const [key, base] of Object.entries(bases)) {
      const r = routes.find((x) => x.key === key);
      if (!r) throw new Error(`no route ${key}`);
      for (const path of leaves(base.body())) {
        for (const s of SPOILERS) {
          const res = await send(base.who, r, json(spoil(base.body(), path, s.value)));
          const field = path.join('.');
          // The field itself is named, or for an object one of its own fields (main_contact.email).
          const named = Object.keys(res.body?.errors ?? {}).some((k) => k === field || k.startsWith(`${field}.`));
          if (res.status !== 422 || !named) wrong.push(`${key} ${field} = ${s.label}: ${short(res)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(written(before, await fingerprint(api.db))).toEqual([]);
  });

  it('ignores mass-assigned fields, unknown fields and -1 without a 5xx', async () => {
    const adminsBefore = await api.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    const mass = { role: 'admin', is_approved: '1', balance: 99_999_999, status: 'approved', user_id: other.id, agent_id: other.id, email_verified_at: '2020-01-01', created_by: 1 };
    const wrong: string[] = [];
    for (const [key, base] of Object.entries(bases)) {
      const r = routes.find((x) => x.key === key)!;
      const body = base.body();
      const extra = Object.fromEntries(Object.entries(mass).filter(([k]) => !(k in body)));
      const payloads = [
        json({ ...base.body(), ...extra }),
        `{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}},${json({ ...base.body(), zz_unknown: 'x' }).slice(1)}`,
        ...leaves(body).map((p) => json(spoil(base.body(), p, -1))),
      ];
      for (const raw of payloads) {
        const res = await send(base.who, r, raw);
        if (res.status >= 500) wrong.push(`${key}: ${short(res)}`);
      }
    }
    expect(wrong).toEqual([]);

    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(await api.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))).toEqual(adminsBefore);
    const registered = await api.db.select().from(users).where(like(users.email, 'fuzz-reg-%'));
    expect(registered.length).toBeGreaterThan(0);
    for (const u of registered) {
      expect([u.email, u.role, u.isApproved && u.role === 'agent', u.emailVerifiedAt]).toEqual([u.email, u.email.startsWith('fuzz-reg-agent-') ? 'agent' : 'customer', false, null]);
    }
    const [me] = await api.db.select().from(users).where(eq(users.id, agentId));
    expect([me.role, me.isApproved, me.status]).toEqual(['agent', true, 'active']);
    expect(await api.db.select().from(travellers).where(eq(travellers.agentId, other.id))).toEqual([]);
    expect(await api.db.select().from(deposits).where(eq(deposits.agentId, other.id))).toEqual([]);
    expect(await api.db.select().from(deposits).where(and(like(deposits.reference, 'FUZZ-%'), ne(deposits.status, 'pending')))).toEqual([]);
    for (const id of [agentId, other.id]) expect((await walletBalance(api.db, id)).balanceMinor).toBe(await walletBalanceFromEntries(api.db, id));
    console.log(`fuzz: ${routes.length} write routes, ${Object.keys(bases).length} valid bodies spoiled field by field, ${stats.sent} payloads sent, ${stats.serverErrors} 5xx`);
  });
});

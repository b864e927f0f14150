import { expect } from 'vitest';
import { ALL_IDENTITIES, mailsTo, type Identity, type Res, type TestClient } from './api';
import type { setupApi } from './api';

type Api = Awaited<ReturnType<typeof setupApi>>;

/** One logged-in client per identity per test file (logging in costs an argon2 verify). */
export function identities(api: Api) {
  const cache = new Map<Identity, Promise<TestClient>>();
  return (who: Identity) => {
    if (!cache.has(who)) cache.set(who, api.as(who));
    return cache.get(who)!;
  };
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A second (third, ...) approved agent, created by admin, with its own logged-in client. */
export async function newAgent(api: Api, admin: TestClient, opts: { approved?: boolean } = {}) {
  const email = `agent-${unique()}@test.safar`;
  const res = await admin.post('/api/save-admin-agent', { name: 'Test Agent', email, password: 'Agent-pass-1', company_name: 'Test Travels', phone: '+92 300 1234567' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id: number = res.body.data.id;
  if (opts.approved === false) {
    const r = await admin.put(`/api/update-status/${id}`, { is_approved: '0' });
    expect(r.status).toBe(200);
  }
  const client = await api.client().login(email, 'Agent-pass-1');
  return { id, email, client };
}

let branchSeq = 0;
/** A fresh address for a branch user. */
export const branchEmail = (who: string) => `${who}-${Date.now().toString(36)}-${branchSeq++}@branch.test`;

/** A branch user added by `by` to the agency, signed in with the temporary password its invitation mail carries. */
export async function newBranchUser(api: Api, by: TestClient, agencyId: number, agencyRole: 'agency_admin' | 'booker') {
  const address = branchEmail(agencyRole);
  const res = await by.post(`/api/agents/${agencyId}/users`, { name: `Branch ${agencyRole}`, email: address, agency_role: agencyRole });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [mail] = await mailsTo(api.db, address);
  const password = /temporary password: (\S+)/.exec(mail.textBody)?.[1];
  expect(password, mail.textBody).toBeTruthy();
  const client = await api.client().login(address, password!);
  return { id: res.body.data.id as number, email: address, client };
}

export async function newBank(admin: TestClient, over: Record<string, unknown> = {}) {
  const res = await admin.post('/api/banks', { name: `Bank ${unique()}`, account_title: 'Safar Travel', account_number: '0101-0103456789', ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; name: string };
}

export const today = () => new Date().toISOString().slice(0, 10);

export async function newDeposit(agent: TestClient, bankId: number, amount = '1000.00', over: Record<string, unknown> = {}) {
  const res = await agent.post('/api/deposit-data', { method: 'bank', bank_id: bankId, amount, deposit_date: today(), reference: `TRX-${unique()}`, ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; amount: { amount: string } };
}

/**
 * The role matrix: calls `call` as every identity and checks the status each gets. Identities not listed
 * must be refused: 401 for anonymous, 403 for everyone else.
 */
export async function expectRoleMatrix(as: (who: Identity) => Promise<TestClient>, call: (c: TestClient, who: Identity) => Promise<Res>, allowed: Partial<Record<Identity, number | number[]>>) {
  const got: Record<string, number> = {};
  const expected: Record<string, number> = {};
  for (const who of ALL_IDENTITIES) {
    const res = await call(await as(who), who);
    got[who] = res.status;
    const want = allowed[who] ?? (who === 'anonymous' ? 401 : 403);
    expected[who] = Array.isArray(want) ? (want.includes(res.status) ? res.status : want[0]) : want;
  }
  expect(got).toEqual(expected);
}

import { beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix, identities, newAgent, newBank, newDeposit, today } from '../support/agents';

const api = await setupApi();
const as = identities(api);
let admin: TestClient;
let bank: { id: number; name: string };
let agentA: Awaited<ReturnType<typeof newAgent>>;
let agentB: Awaited<ReturnType<typeof newAgent>>;

beforeAll(async () => {
  admin = await as('admin');
  bank = await newBank(admin, { name: 'Meezan Test Bank' });
  agentA = await newAgent(api, admin);
  agentB = await newAgent(api, admin);
});

const balanceOf = async (c: TestClient) => (await c.get('/api/wallet-balance')).body.data.balance.amount as string;

describe('POST /deposit-data', () => {
  it('records a pending bank deposit for the agent', async () => {
    const res = await agentA.client.post('/api/deposit-data', { method: 'bank', bank_id: bank.id, amount: '45250.5', deposit_date: today(), reference: 'FT-1001', note: 'Morning transfer' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Deposit saved successfully',
      data: { agent_id: agentA.id, method: 'bank', bank_id: bank.id, bank_name: 'Meezan Test Bank', amount: { amount: '45250.50', currency: 'PKR' }, status: 'pending', reference: 'FT-1001', rejection_reason: null },
    });
  });

  it('records a cash deposit without a bank', async () => {
    const res = await agentA.client.post('/api/deposit-data', { method: 'cash', amount: 5000, deposit_date: today(), reference: 'CASH-7' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ method: 'cash', bank_id: null, amount: { amount: '5000.00' } });
  });

  const valid = () => ({ method: 'bank', bank_id: bank.id, amount: '100.00', deposit_date: today(), reference: 'R-1' });
  it.each([
    [{ amount: undefined }, 'amount', 'Amount is required.'],
    [{ amount: '' }, 'amount', 'Amount is required.'],
    [{ amount: 'abc' }, 'amount', 'Enter an amount such as 45250.00.'],
    [{ amount: '10.123' }, 'amount', 'Enter an amount such as 45250.00.'],
    [{ amount: '0' }, 'amount', 'The amount must be greater than zero.'],
    [{ amount: '-5' }, 'amount', 'The amount must be greater than zero.'],
    [{ amount: '1000000000' }, 'amount', 'The amount is too large.'],
    [{ deposit_date: undefined }, 'deposit_date', 'Date is required.'],
    [{ deposit_date: '12/31/2025' }, 'deposit_date', 'Enter a date as YYYY-MM-DD.'],
    [{ deposit_date: '2025-02-30' }, 'deposit_date', 'Enter a date as YYYY-MM-DD.'],
    [{ deposit_date: '2999-01-01' }, 'deposit_date', 'The date cannot be in the future.'],
    [{ reference: '  ' }, 'reference', 'Reference is required.'],
    [{ bank_id: undefined }, 'bank_id', 'Choose a bank.'],
    [{ bank_id: 999999 }, 'bank_id', 'Choose a bank.'],
    [{ method: 'cheque' }, 'method', 'Choose bank or cash.'],
    [{ receipt_file: '0123456789abcdef0123456789abcdef.pdf' }, 'receipt_file', undefined],
  ])('answers 422 for %j', async (over, field, message) => {
    const res = await agentA.client.post('/api/deposit-data', { ...valid(), ...over });
    expect(res.status).toBe(422);
    if (message) expect(res.body.errors[field][0]).toBe(message);
    else expect(res.body.errors[field]).toBeTruthy();
  });

  it("accepts the agent's own today when UTC is still on yesterday, and nothing later", async () => {
    // 21:30 UTC on 10 March is already 02:30 on 11 March in Karachi (UTC+5).
    api.ctx.clock.now = new Date('2026-03-10T21:30:00Z');
    try {
      const local = await agentA.client.post('/api/deposit-data', { ...valid(), deposit_date: '2026-03-11', reference: 'TZ-1' });
      expect(local.status).toBe(201);
      const later = await agentA.client.post('/api/deposit-data', { ...valid(), deposit_date: '2026-03-12', reference: 'TZ-2' });
      expect(later.status).toBe(422);
      expect(later.body.errors.deposit_date[0]).toBe('The date cannot be in the future.');
    } finally {
      api.ctx.clock.now = new Date();
    }
  });

  it('refuses an inactive bank', async () => {
    const closed = await newBank(admin, { is_active: false });
    const res = await agentA.client.post('/api/deposit-data', { ...valid(), bank_id: closed.id });
    expect(res.status).toBe(422);
    expect(res.body.errors.bank_id[0]).toBe('Choose a bank.');
  });

  it('accepts a receipt the agent uploaded, and refuses one uploaded by someone else', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89, 0, 0, 0, 10, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0, 1, 0, 0, 5, 0, 1, 0x0d, 0x0a, 0x2d, 0xb4, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
    const upload = async (c: TestClient) => {
      const form = new FormData();
      form.set('file', new File([png], 'receipt.png', { type: 'image/png' }));
      form.set('purpose', 'receipt');
      const res = await c.request('POST', '/api/uploads', form);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.file_name as string;
    };
    const mine = await upload(agentA.client);
    const ok = await agentA.client.post('/api/deposit-data', { ...valid(), receipt_file: mine });
    expect(ok.status).toBe(201);
    expect(ok.body.data.receipt_file).toBe(mine);
    const theirs = await upload(agentB.client);
    const bad = await agentA.client.post('/api/deposit-data', { ...valid(), receipt_file: theirs });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.receipt_file).toBeTruthy();
  });

  it('is open to approved agents only', async () => {
    await expectRoleMatrix(as, (c) => c.post('/api/deposit-data', valid()), { agent: 201 });
  });
});

describe('agent deposit list, details, total, delete', () => {
  it("lists only the agent's own deposits, filtered by status, paged", async () => {
    await newDeposit(agentB.client, bank.id, '10.00');
    const res = await agentA.client.get('/api/get-deposit-data', { status: 'pending', per_page: 2 });
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(res.body.meta.total).toBeGreaterThanOrEqual(2);
    expect(res.body.data.length).toBe(2);
    expect(res.body.data.every((d: { agent_id: number; status: string }) => d.agent_id === agentA.id && d.status === 'pending')).toBe(true);
  });

  it('answers 422 for a bad status filter or page', async () => {
    expect((await agentA.client.get('/api/get-deposit-data', { status: 'nope' })).status).toBe(422);
    expect((await agentA.client.get('/api/get-deposit-data', { page: 0 })).status).toBe(422);
    expect((await agentA.client.get('/api/get-deposit-data', { per_page: 1000 })).status).toBe(422);
  });

  it("never shows, nor lets delete, another agent's deposit", async () => {
    const theirs = await newDeposit(agentB.client, bank.id);
    expect((await agentA.client.get(`/api/get-deposit-data/${theirs.id}`)).status).toBe(404);
    expect((await agentA.client.get('/api/deposit-details', { id: theirs.id })).status).toBe(404);
    expect((await agentA.client.delete(`/api/delete-deposit-data/${theirs.id}`)).status).toBe(404);
    expect((await agentA.client.get(`/api/approved-deposits-total/${agentB.id}`)).status).toBe(404);
    expect((await agentB.client.get(`/api/get-deposit-data/${theirs.id}`)).status).toBe(200);
  });

  it('deletes a pending deposit, never an approved one', async () => {
    const d = await newDeposit(agentA.client, bank.id);
    const del = await agentA.client.delete(`/api/delete-deposit-data/${d.id}`);
    expect(del).toMatchObject({ status: 200, body: { message: 'Deposit deleted successfully' } });
    expect((await agentA.client.delete(`/api/delete-deposit-data?id=${d.id}`)).status).toBe(404);
    const d2 = await newDeposit(agentA.client, bank.id);
    const accounts = await as('accounts');
    expect((await accounts.put(`/api/update-deposit-status/${d2.id}`, { status: 'approved' })).status).toBe(200);
    const refused = await agentA.client.delete(`/api/delete-deposit-data/${d2.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/only pending/);
  });

  it('sums the approved deposits (and the pending ones apart)', async () => {
    const agent = await newAgent(api, admin);
    const a = await newDeposit(agent.client, bank.id, '300.00');
    await newDeposit(agent.client, bank.id, '20.00');
    await (await as('accounts')).put(`/api/update-deposit-status/${a.id}`, { status: 'approved' });
    const res = await agent.client.get('/api/approved-deposits-total');
    expect(res.body.data).toMatchObject({ total: { amount: '300.00' }, count: 1, pending_total: { amount: '20.00' }, pending_count: 1 });
    const staff = await (await as('accounts')).get(`/api/approved-deposits-total/${agent.id}`);
    expect(staff.body.data.total.amount).toBe('300.00');
    expect((await (await as('accounts')).get('/api/approved-deposits-total')).status).toBe(422);
  });

  it('role matrix of the agent calls', async () => {
    const d = await newDeposit((await as('agent')), bank.id);
    await expectRoleMatrix(as, (c) => c.get('/api/get-deposit-data'), { agent: 200 });
    await expectRoleMatrix(as, (c) => c.get(`/api/get-deposit-data/${d.id}`), { agent: 200 });
    await expectRoleMatrix(as, (c, who) => c.get(`/api/approved-deposits-total${who === 'agent' ? '' : `/${agentA.id}`}`), { agent: 200, accounts: 200, analyst: 200, admin: 200 });
    await expectRoleMatrix(as, (c) => c.delete(`/api/delete-deposit-data/${d.id}`), { agent: 200 });
  });
});

describe('back office: top-up requests, details and approval', () => {
  it("lists every agent's deposits, pending first, with the agent, filtered", async () => {
    const d = await newDeposit(agentB.client, bank.id, '77.00', { reference: 'FIND-ME-77' });
    const accounts = await as('accounts');
    const res = await accounts.get('/api/get-agents-deposits', { status: 'pending', search: 'FIND-ME' });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: d.id, agent: { id: agentB.id, company_name: 'Test Travels', agent_code: expect.stringMatching(/^AGN-/) } });
    const byAgent = await accounts.get('/api/get-agents-deposits', { agent_id: agentB.id });
    expect(byAgent.body.data.every((x: { agent_id: number }) => x.agent_id === agentB.id)).toBe(true);
    expect((await accounts.get('/api/get-agents-deposits', { status: 'x' })).status).toBe(422);
  });

  it('shows deposit details to staff and to the owning agent', async () => {
    const d = await newDeposit(agentA.client, bank.id);
    const res = await (await as('accounts')).get(`/api/deposit-details/${d.id}`);
    expect(res.body.data).toMatchObject({ id: d.id, agent: { id: agentA.id } });
    expect((await agentA.client.get('/api/deposit-details', { id: d.id })).status).toBe(200);
    expect((await (await as('accounts')).get('/api/deposit-details/999999')).status).toBe(404);
    expect((await (await as('accounts')).get('/api/deposit-details/abc')).status).toBe(404);
  });

  it('approves: credits the wallet once, posts the ledger, emails the agent', async () => {
    const agent = await newAgent(api, admin);
    const d = await newDeposit(agent.client, bank.id, '45250.00', { reference: 'APPROVE-1' });
    expect(await balanceOf(agent.client)).toBe('0.00');
    const accounts = await as('accounts');
    const res = await accounts.put(`/api/update-deposit-status/${d.id}`, { status: 'approved' });
    expect(res).toMatchObject({ status: 200, body: { message: 'Deposit approved successfully', data: { status: 'approved', reviewed_by: expect.any(Number), reviewed_at: expect.any(String) } } });
    expect(await balanceOf(agent.client)).toBe('45250.00');
    const again = await accounts.put(`/api/update-deposit-status/${d.id}`, { status: 'approved' });
    expect(again.status).toBe(409);
    expect(await balanceOf(agent.client)).toBe('45250.00');
    const st = await agent.client.get('/api/agent-statment');
    expect(st.body.data.rows).toHaveLength(1);
    expect(st.body.data.rows[0]).toMatchObject({ type: 'deposit', reference: `deposit:${d.id}`, credit: { amount: '45250.00' }, balance: { amount: '45250.00' } });
    const mails = await mailsTo(api.db, agent.email);
    expect(mails[0]).toMatchObject({ kind: 'deposit-approved', subject: 'Your deposit has been approved' });
    expect(mails[0].textBody).toContain('APPROVE-1');
  });

  it('rejects with a reason: no credit, the reason shown, the agent emailed', async () => {
    const agent = await newAgent(api, admin);
    const d = await newDeposit(agent.client, bank.id, '999.00');
    const accounts = await as('accounts');
    const noReason = await accounts.put(`/api/update-deposit-status/${d.id}`, { status: 'rejected' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason[0]).toBe('Give a reason for the rejection.');
    const res = await accounts.put(`/api/update-deposit-status/${d.id}`, { status: 'rejected', reason: 'Receipt unreadable' });
    expect(res.body).toMatchObject({ message: 'Deposit rejected successfully', data: { status: 'rejected', rejection_reason: 'Receipt unreadable' } });
    expect(await balanceOf(agent.client)).toBe('0.00');
    expect((await accounts.put(`/api/update-deposit-status/${d.id}`, { status: 'approved' })).status).toBe(409);
    expect((await mailsTo(api.db, agent.email))[0]).toMatchObject({ kind: 'deposit-rejected' });
    expect((await mailsTo(api.db, agent.email))[0].textBody).toContain('Receipt unreadable');
  });

  it('answers 422 for a bad status and 404 for an unknown deposit', async () => {
    const accounts = await as('accounts');
    const d = await newDeposit(agentA.client, bank.id);
    const bad = await accounts.put(`/api/update-deposit-status/${d.id}`, { status: 'maybe' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.status[0]).toBe('Choose approve or reject.');
    expect((await accounts.put(`/api/update-deposit-status/${d.id}`, {})).status).toBe(422);
    expect((await accounts.put('/api/update-deposit-status/999999', { status: 'approved' })).status).toBe(404);
  });

  it('role matrix of the back-office calls', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/get-agents-deposits'), { accounts: 200, analyst: 200, admin: 200 });
    const d = await newDeposit(agentA.client, bank.id);
    await expectRoleMatrix(as, (c) => c.get(`/api/deposit-details/${d.id}`), { accounts: 200, analyst: 200, admin: 200, agent: 404 });
    // Each allowed identity approves a fresh deposit.
    await expectRoleMatrix(as, async (c) => {
      const fresh = await newDeposit(agentA.client, bank.id, '1.00');
      return c.put(`/api/update-deposit-status/${fresh.id}`, { status: 'approved' });
    }, { accounts: 200, admin: 200 });
  });
});

import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { setupApi, type Identity, type TestClient } from '../support/api';
import { expectRoleMatrix, identities } from '../support/agents';
import { bookingEvents, bookingPassengers, bookings, reconciliationStatements, settlementEntries } from '../../server/db/schema';
import { STATEMENT_COLUMNS } from '../../contract/reconciliation';

const api = await setupApi();
const as = identities(api);

let seq = 0;
let ticketSeq = 0;
const tag = () => `${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

/**
 * A booking sold through the embedded supplier, ticketed on `day` with one ticket per passenger (and voided on
 * `voidedOn` when given): what its statement bills.
 */
async function sold(day: string, opts: { passengers?: number; base?: number; taxes?: number; voidedOn?: string } = {}) {
  const t = tag();
  const n = opts.passengers ?? 1;
  const status = opts.voidedOn ? 'voided' as const : 'ticketed' as const;
  const [b] = await api.db.insert(bookings).values({
    pnr: `R${t}`, supplier: 'safar', offerId: `o-${t}`, channel: 'customer', status, paymentMethod: 'card', contactEmail: 'recon@example.com', contactPhone: '3001234567',
    contactCountry: 'PK', flightType: 'one-way', origin: 'KHI', destination: 'DXB', departureDate: '2027-02-01', lastTravelDate: '2027-02-01', cabin: 'Y', itinerary: {},
    supplierOrder: {}, baseMinor: opts.base ?? 40_001_00 + 1, taxesMinor: opts.taxes ?? 5_000_00, totalMinor: 0, currency: 'PKR', dupKey: `dup-${t}`,
  }).returning();
  const tickets = Array.from({ length: n }, () => `176${String(++ticketSeq).padStart(10, '0')}`);
  await api.db.insert(bookingPassengers).values(tickets.map((ticket, i) => ({
    bookingId: b.id, position: i, type: 'ADT' as const, title: 'Mr', firstName: `Pax${i}`, lastName: 'Recon', gender: 'M', dob: '1980-01-01', nationality: 'PK',
    documentType: 'passport', documentNo: `RC${i}`, expiryDate: '2035-01-01', issueCountry: 'PK', ticketNumber: ticket,
  })));
  await api.db.insert(bookingEvents).values({ bookingId: b.id, action: 'pay_card', fromStatus: 'booked', toStatus: 'ticketed', actorKind: 'payment', createdAt: new Date(`${day}T10:00:00Z`) });
  if (opts.voidedOn) await api.db.insert(bookingEvents).values({ bookingId: b.id, action: 'void', fromStatus: 'requested', toStatus: 'voided', actorKind: 'reservation', createdAt: new Date(`${opts.voidedOn}T11:00:00Z`) });
  return { id: b.id, pnr: b.pnr, tickets };
}

const csvFile = (text: string) => new File([text], 'statement.csv', { type: 'text/csv' });
function upload(c: TestClient, text: string | null, period: { from?: string; to?: string }) {
  const form = new FormData();
  if (text !== null) form.set('file', csvFile(text));
  if (period.from !== undefined) form.set('from', period.from);
  if (period.to !== undefined) form.set('to', period.to);
  return c.post('/api/reconciliation/statements', form);
}
const statementOf = async (c: TestClient, from: string, to: string) => {
  const res = await c.get('/api/supplier-console/statement', { from, to });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/csv');
  return res.body as string;
};
const statements = async () => (await api.db.select({ n: count() }).from(reconciliationStatements))[0].n;
const header = STATEMENT_COLUMNS.join(',');

describe('the embedded supplier statement', () => {
  it('bills each ticket issued and each void of the period, in the statement columns, amounts shared to the minor unit', async () => {
    const two = await sold('2025-01-05', { passengers: 2, base: 80_001, taxes: 10_001 });
    const voided = await sold('2025-01-06', { voidedOn: '2025-01-07', base: 30_000_00, taxes: 2_000_00 });
    await sold('2025-02-03'); // another period
    const csv = await statementOf(await as('reservation'), '2025-01-01', '2025-01-31');
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toBe(header);
    expect(rows.slice(1)).toEqual([
      `${two.tickets[0]},2025-01-05,RECON/PAX0 MR,KHI-DXB,400.01,50.01,0.00,450.02,PKR,ISSUE`,
      `${two.tickets[1]},2025-01-05,RECON/PAX1 MR,KHI-DXB,400.00,50.00,0.00,450.00,PKR,ISSUE`,
      `${voided.tickets[0]},2025-01-06,RECON/PAX0 MR,KHI-DXB,30000.00,2000.00,0.00,32000.00,PKR,ISSUE`,
      `${voided.tickets[0]},2025-01-07,RECON/PAX0 MR,KHI-DXB,-30000.00,-2000.00,0.00,-32000.00,PKR,REFUND`,
    ]);
  });

  it('adds injected ADM/ACM lines and altered amounts for the period, stored', async () => {
    const b = await sold('2025-03-10');
    const accounts = await as('accounts');
    const adm = await accounts.post('/api/supplier-console/statement/discrepancies', { from: '2025-03-01', to: '2025-03-31', kind: 'ADM', amount: '1500.00', reason: 'Fare audit' });
    expect(adm.status, JSON.stringify(adm.body)).toBe(201);
    const alter = await accounts.post('/api/supplier-console/statement/discrepancies', { from: '2025-03-01', to: '2025-03-31', kind: 'ALTER', document_number: b.tickets[0], amount: '-250.50' });
    expect(alter.status).toBe(201);
    const csv = await statementOf(accounts, '2025-03-01', '2025-03-31');
    expect(csv).toContain(`${b.tickets[0]},2025-03-10,RECON/PAX0 MR,KHI-DXB,39750.51,5000.00,0.00,44750.51,PKR,ISSUE`);
    expect(csv).toMatch(/ADM0+\d+,2025-03-31,,Fare audit,1500.00,0.00,0.00,1500.00,PKR,ADM/);
    expect(await statementOf(accounts, '2025-03-01', '2025-03-31')).toBe(csv);
    const list = await accounts.get('/api/supplier-console/statement/discrepancies', { from: '2025-03-01', to: '2025-03-31' });
    expect(list.body.data.map((d: { kind: string }) => d.kind)).toEqual(['ADM', 'ALTER']);
  });

  it('refuses a missing or reversed period and a malformed discrepancy, field by field', async () => {
    const c = await as('accounts');
    expect((await c.get('/api/supplier-console/statement', {})).body.errors).toMatchObject({ from: expect.any(Array), to: expect.any(Array) });
    const reversed = await c.get('/api/supplier-console/statement', { from: '2025-02-01', to: '2025-01-01' });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors.to).toEqual(['The period ends before it starts.']);
    const zero = await c.post('/api/supplier-console/statement/discrepancies', { from: '2025-03-01', to: '2025-03-31', kind: 'ALTER', document_number: '1760000000001', amount: '0' });
    expect(zero.status).toBe(422);
    expect(Object.keys(zero.body.errors)).toEqual(['amount']);
    const noDocument = await c.post('/api/supplier-console/statement/discrepancies', { from: '2025-03-01', to: '2025-03-31', kind: 'ALTER', amount: '10' });
    expect(Object.keys(noDocument.body.errors)).toEqual(['document_number']);
    expect((await c.post('/api/supplier-console/statement/discrepancies', { from: '2025-03-01', to: '2025-03-31', kind: 'ADM', amount: '-5' })).body.errors.amount).toBeTruthy();
    expect((await c.post('/api/supplier-console/statement/discrepancies', { from: '2025-03-01', to: '2025-03-31', kind: 'XYZ', amount: '5' })).body.errors.kind).toBeTruthy();
  });

  it('role matrix: console staff and accountants read it, the analyst reads only, agents and customers never', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/supplier-console/statement', { from: '2025-01-01', to: '2025-01-31' }), { reservation: 200, accounts: 200, analyst: 200, admin: 200 });
    await expectRoleMatrix(as, (c) => c.post('/api/supplier-console/statement/discrepancies', { from: '2025-12-01', to: '2025-12-31', kind: 'ACM', amount: '1.00' }), { reservation: 201, accounts: 201, admin: 201 });
  });
});

describe('importing a statement', () => {
  it('matches every line of a clean statement and lists the lines with their bookings', async () => {
    const a = await sold('2025-04-03', { passengers: 3 });
    await sold('2025-04-09', { voidedOn: '2025-04-09' });
    const accounts = await as('accounts');
    const csv = await statementOf(accounts, '2025-04-01', '2025-04-30');
    const res = await upload(accounts, csv, { from: '2025-04-01', to: '2025-04-30' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ lines: 5, matched: 5, variances: 0, unmatched: 0, memos: 0 });
    const detail = await accounts.get(`/api/reconciliation/statements/${res.body.data.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.items[0]).toMatchObject({ line: 2, document_number: a.tickets[0], match_status: 'matched', booking: { id: a.id, pnr: a.pnr }, difference: { amount: '0.00' } });
    const list = await (await as('analyst')).get('/api/reconciliation/statements');
    expect(list.body.data.some((s: { id: number }) => s.id === res.body.data.id)).toBe(true);
  });

  it('lists each variance with its booking and difference, an unknown document as unmatched, ADM/ACM as open memos', async () => {
    const b = await sold('2025-05-04');
    const accounts = await as('accounts');
    await accounts.post('/api/supplier-console/statement/discrepancies', { from: '2025-05-01', to: '2025-05-31', kind: 'ALTER', document_number: b.tickets[0], amount: '120.00' });
    await accounts.post('/api/supplier-console/statement/discrepancies', { from: '2025-05-01', to: '2025-05-31', kind: 'ACM', amount: '300.00', reason: 'Incentive' });
    const csv = (await statementOf(accounts, '2025-05-01', '2025-05-31')) + '9999999999999,2025-05-20,NOBODY/X MR,KHI-LHE,100.00,10.00,0.00,110.00,PKR,ISSUE\r\n';
    const res = await upload(accounts, csv, { from: '2025-05-01', to: '2025-05-31' });
    expect(res.body.data).toMatchObject({ lines: 3, matched: 0, variances: 1, unmatched: 1, memos: 1 });
    const items = (await accounts.get(`/api/reconciliation/statements/${res.body.data.id}`)).body.data.items;
    expect(items.find((l: { match_status: string }) => l.match_status === 'variance')).toMatchObject({ booking: { pnr: b.pnr }, difference: { amount: '120.00' } });
    expect(items.find((l: { match_status: string }) => l.match_status === 'memo')).toMatchObject({ transaction_type: 'ACM', net: { amount: '-300.00' }, memo: { state: 'open', moves: ['disputed', 'accepted'] } });
    const variances = await accounts.get(`/api/reconciliation/statements/${res.body.data.id}/export/variances`);
    expect(variances.headers.get('content-type')).toContain('text/csv');
    expect(variances.body).toContain(`${b.tickets[0]},2025-05-04`);
    expect(variances.body).toContain(',120.00,PKR,');
    expect((await accounts.get(`/api/reconciliation/statements/${res.body.data.id}/export/unmatched`)).body).toContain('9999999999999');
    expect((await accounts.get(`/api/reconciliation/statements/${res.body.data.id}/export/matched`)).body.trim().split('\r\n')).toHaveLength(1);
    expect((await accounts.get(`/api/reconciliation/statements/${res.body.data.id}/export/other`)).status).toBe(404);
  });

  it('lists what we sold in the period that the statement leaves out as not billed, and exports it', async () => {
    const kept = await sold('2025-07-03');
    const left = await sold('2025-07-05');
    const accounts = await as('accounts');
    const csv = (await statementOf(accounts, '2025-07-01', '2025-07-31')).split('\r\n').filter((l) => !l.startsWith(left.tickets[0])).join('\r\n');
    const res = await upload(accounts, csv, { from: '2025-07-01', to: '2025-07-31' });
    expect(res.body.data).toMatchObject({ lines: 1, matched: 1, unmatched: 0 });
    const detail = (await accounts.get(`/api/reconciliation/statements/${res.body.data.id}`)).body.data;
    expect(detail.not_billed).toEqual([expect.objectContaining({ document_number: left.tickets[0], transaction_type: 'ISSUE', booking: { id: left.id, pnr: left.pnr } })]);
    expect(detail.not_billed.some((d: { booking: { id: number } }) => d.booking.id === kept.id)).toBe(false);
    const exported = await accounts.get(`/api/reconciliation/statements/${res.body.data.id}/export/not_billed`);
    expect(exported.body.trim().split('\r\n')).toEqual(['document_number,issue_date,passenger,route,transaction_type,net,currency,pnr', expect.stringContaining(`${left.tickets[0]},2025-07-05,`)]);
  });

  it('422 with each row\'s problem by line number, and nothing stored: malformed, duplicate, other currency, outside the period', async () => {
    const b = await sold('2025-06-02');
    const accounts = await as('accounts');
    const before = await statements();
    const good = `${b.tickets[0]},2025-06-02,RECON/PAX0 MR,KHI-DXB,40001.01,5000.00,0.00,45001.01,PKR,ISSUE`;
    const csv = [header, good, 'ONLY,THREE,COLUMNS', good, `X1,2025-06-03,A,KHI-DXB,10.00,1.00,0.00,11.00,USD,ISSUE`, `X2,2025-07-03,A,KHI-DXB,abc,1.00,0.00,11.00,PKR,SALE`, `X3,2025-06-04,A,KHI-DXB,10.00,1.00,0.00,12.00,PKR,ISSUE`].join('\n');
    const res = await upload(accounts, csv, { from: '2025-06-01', to: '2025-06-30' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['line_3', 'line_4', 'line_5', 'line_6', 'line_7']);
    expect(res.body.errors.line_3[0]).toMatch(/^Line 3: expected 10 columns, found 3/);
    expect(res.body.errors.line_4).toEqual([`Line 4: document ${b.tickets[0]} (ISSUE) is already on line 2.`]);
    expect(res.body.errors.line_5).toEqual(["Line 5: the currency USD is not the statement's PKR."]);
    expect(res.body.errors.line_6.join(' ')).toMatch(/fare must be an amount.*transaction type must be one of/);
    expect(res.body.errors.line_7[0]).toMatch(/net 12.00 is not fare \+ taxes − commission \(11.00\)/);
    expect(res.body.message).toBe('5 lines of the statement cannot be read; nothing was imported.');
    expect(await statements()).toBe(before);
    const outside = await upload(accounts, `${header}\n${good}`, { from: '2025-06-10', to: '2025-06-30' });
    expect(outside.body.errors.line_2[0]).toMatch(/outside the period 2025-06-10 to 2025-06-30/);
  });

  it('422 for a missing file, an empty file, a missing or reversed period', async () => {
    const c = await as('accounts');
    expect((await upload(c, null, { from: '2025-06-01', to: '2025-06-30' })).body.errors).toEqual({ file: ['Choose the statement CSV file.'] });
    expect((await upload(c, `${header}\n`, { from: '2025-06-01', to: '2025-06-30' })).body.errors).toEqual({ file: ['The file has no statement lines.'] });
    const noPeriod = await upload(c, 'x', {});
    expect(noPeriod.status).toBe(422);
    expect(Object.keys(noPeriod.body.errors).sort()).toEqual(['from', 'to']);
    expect((await upload(c, 'x', { from: '2025-06-30', to: '2025-06-01' })).body.errors.to).toEqual(['The period ends before it starts.']);
    expect((await c.post('/api/reconciliation/statements', {})).status).toBe(422);
  });

  it('role matrix: accounts and admin import; reservation, the analyst, agents and customers cannot', async () => {
    const csv = `${header}\nADM1,2025-08-02,,Audit,5.00,0.00,0.00,5.00,PKR,ADM\n`;
    await expectRoleMatrix(as, (c) => upload(c, csv, { from: '2025-08-01', to: '2025-08-31' }), { accounts: 201, admin: 201 });
    await expectRoleMatrix(as, (c) => c.get('/api/reconciliation/statements'), { accounts: 200, admin: 200, analyst: 200 });
  });
});

describe('memos and closing the period', () => {
  async function imported(from: string, to: string) {
    const accounts = await as('accounts');
    const res = await upload(accounts, await statementOf(accounts, from, to), { from, to });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  }

  it('moves a memo open → disputed → rejected, refusing a move out of turn', async () => {
    await sold('2025-09-03');
    const accounts = await as('accounts');
    await accounts.post('/api/supplier-console/statement/discrepancies', { from: '2025-09-01', to: '2025-09-30', kind: 'ADM', amount: '700.00' });
    const id = await imported('2025-09-01', '2025-09-30');
    const memo = (await accounts.get(`/api/reconciliation/statements/${id}`)).body.data.items.find((l: { memo: unknown }) => l.memo);
    const move = (state: string, who: Identity = 'accounts') => as(who).then((c) => c.post(`/api/reconciliation/statements/${id}/lines/${memo.id}/memo`, { state, note: 'Checked' }));
    expect((await move('rejected')).body.errors.state[0]).toMatch(/open cannot become rejected/);
    expect((await move('disputed', 'reservation')).status).toBe(403);
    expect((await move('disputed')).body.data.memo).toEqual({ state: 'disputed', note: 'Checked', moves: ['accepted', 'rejected'] });
    expect((await move('rejected')).body.data.memo.state).toBe('rejected');
    expect((await move('nonsense')).status).toBe(422);
    const ticket = (await accounts.get(`/api/reconciliation/statements/${id}`)).body.data.items.find((l: { memo: unknown }) => !l.memo);
    expect((await accounts.post(`/api/reconciliation/statements/${id}/lines/${ticket.id}/memo`, { state: 'disputed' })).body.errors.state).toEqual(['Only an ADM or ACM line has a dispute state.']);
  });

  it('close posts a balanced settlement (rejected memos unpaid), once; the closed period takes no other statement', async () => {
    await sold('2025-10-03', { base: 10_000_01, taxes: 999 });
    await sold('2025-10-04', { voidedOn: '2025-10-05', base: 5_000_00, taxes: 0 });
    const accounts = await as('accounts');
    await accounts.post('/api/supplier-console/statement/discrepancies', { from: '2025-10-01', to: '2025-10-31', kind: 'ADM', amount: '100.00' });
    await accounts.post('/api/supplier-console/statement/discrepancies', { from: '2025-10-01', to: '2025-10-31', kind: 'ACM', amount: '40.00' });
    const id = await imported('2025-10-01', '2025-10-31');
    const acm = (await accounts.get(`/api/reconciliation/statements/${id}`)).body.data.items.find((l: { transaction_type: string }) => l.transaction_type === 'ACM');
    await accounts.post(`/api/reconciliation/statements/${id}/lines/${acm.id}/memo`, { state: 'disputed' });
    await expectRoleMatrix(as, (c) => c.post(`/api/reconciliation/statements/999999/close`), { accounts: 404, admin: 404 });

    const closed = await accounts.post(`/api/reconciliation/statements/${id}/close`);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.closed_at).toBeTruthy();
    // Issues 10000.01 + 9.99 and 5000.00, the void −5000.00, the ADM 100.00; the disputed ACM is not paid.
    expect(closed.body.data.total_net).toEqual({ amount: '10110.00', currency: 'PKR' });
    const entries = await api.db.select().from(settlementEntries).where(eq(settlementEntries.statementId, id));
    expect(entries.reduce((t, e) => t + e.amountMinor, 0)).toBe(0);
    expect(entries.find((e) => e.account === 'supplier_payable')?.amountMinor).toBe(-10_110_00);

    expect((await accounts.post(`/api/reconciliation/statements/${id}/close`)).status).toBe(409);
    expect((await accounts.post(`/api/reconciliation/statements/${id}/lines/${acm.id}/memo`, { state: 'accepted' })).status).toBe(409);
    const again = await upload(accounts, await statementOf(accounts, '2025-10-01', '2025-10-31'), { from: '2025-10-15', to: '2025-11-15' });
    expect(again.status).toBe(422);
    expect(again.body.errors.from[0]).toMatch(/2025-10-01 to 2025-10-31 is already closed/);
  });
});

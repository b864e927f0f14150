/**
 * One amount, every place that states it, for every money event of a flight booking: the amount quoted equals the
 * amount charged or credited, the agent's ledger line and wallet movement, the e-ticket, invoice and receipt totals
 * (whose lines add up to them), the mail and the notice. A failure names the path and the two places that disagree.
 * The products beside flights are in money-agreement.products.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi, type TestClient } from '../support/api';
import { identities } from '../support/agents';
import { contact, travellerBody } from '../support/fixtures';
import { payBySandbox } from '../support/hotels';
import { Agreement, amountOnLine, documentTotal, lastMail, minorOf, pdfMoney } from '../support/money-places';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { defaultSuppliers, registerFlightSuppliers } from '../../server/bookings/suppliers';
import { DbOrderStore } from '../../server/bookings/order-store';
import { GROUP_SUPPLIER_CODE, GroupTicketSupplier } from '../../server/catalogue/group-ticket-supplier';
import { bookings, payments } from '../../server/db/schema';
import { creditWallet } from '../../server/ledger/service';
import { WALLET_HEADER, walletOf } from '../../contract/http';

const api = await setupApi();
const as = identities(api);
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake, ...defaultSuppliers(api.ctx), new GroupTicketSupplier(api.ctx, new DbOrderStore(api.db, GROUP_SUPPLIER_CODE, api.ctx.now))]);

// Ticketed at 10:00 UTC (15:00 in Karachi): the void window is open until 19:00 UTC.
const START = new Date(`${new Date().toISOString().slice(0, 10)}T10:00:00Z`);
const AFTER_WINDOW = new Date(START.getTime() + 23 * 3_600_000);
beforeEach(() => { api.ctx.clock.now = new Date(START); });
const day = (n: number) => new Date(START.getTime() + n * 86_400_000).toISOString().slice(0, 10);

const agent = await as('agent');
const agentId: number = (await agent.get('/api/user')).body.data.id;
await creditWallet(api.db, { agentId, amountMinor: 20_000_000_00, type: 'deposit', reference: 'test:money-float', description: 'test float' });

let seq = 0;
/** A fresh KHI-DXB offer (its own flight number); adultBase in minor units, 40,000 + 5,000 taxes by default. */
const offer = (adultBase?: number, date = day(30)) => fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date, flight_no: `PK${300 + seq++}` }], adultBase });
/** Each path mails its own address, so its mails are its own. */
const contactOf = (path: string) => ({ ...contact, email: `${path}@money.test` });
async function book(c: TestClient, path: string, body: Record<string, unknown>) {
  const res = await c.post('/api/bookings', { supplier: 'fake', main_contact: contactOf(path), travellers: [travellerBody()], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; pnr: string; fare: { total: { amount: string } }; payment_url?: string };
}

const balance = async () => minorOf((await agent.get('/api/wallet-balance')).body.data.balance);
/** The agent's statement line for a posting reference: its debit or credit, null when there is none. */
async function ledger(reference: string): Promise<{ debit: number; credit: number } | null> {
  const rows = ((await agent.get('/api/agent-statment')).body.data.rows as { reference: string; debit: { amount: string }; credit: { amount: string } }[]).filter((r) => r.reference === reference);
  if (rows.length > 1) expect.fail(`${reference} is posted ${rows.length} times`);
  return rows[0] ? { debit: minorOf(rows[0].debit), credit: minorOf(rows[0].credit) } : null;
}
/** The e-ticket, invoice and (when paid) receipt totals of a flight booking, each checked to add up. */
async function documents(a: Agreement, c: TestClient, id: number, paid = true) {
  const read = async (doc: string, label: string) => documentTotal(a.path, doc, (await pdfMoney(api, c, `/api/bookings/${id}/${doc}.pdf`)).text, label);
  a.says('the e-ticket', await read('e-ticket', 'Total')).says('the invoice', await read('invoice', 'Total'));
  if (paid) a.says('the receipt', await read('receipt', 'Amount paid'));
  // The Arabic invoice states the same total.
  const ar = await pdfMoney(api, c, `/api/bookings/${id}/invoice.pdf?lang=ar`);
  a.says('the Arabic invoice', ar.amounts.includes(await read('invoice', 'Total') ?? NaN) ? await read('invoice', 'Total') : null, `it writes ${ar.amounts.join(', ')}`);
}
const notices = async (c: TestClient, kind: string) => ((await c.get('/api/notifications')).body.data as { kind: string; params: Record<string, string> }[]).filter((n) => n.kind === kind);
const noticeAmount = async (c: TestClient, kind: string, pnr: string) => {
  const n = (await notices(c, kind)).find((x) => x.params.pnr === pnr);
  return n?.params.amount !== undefined ? Math.round(Number(n.params.amount) * 100) : null;
};
/** What the booking's invoice says was given back. */
const refundedOnInvoice = async (id: number) => -(amountOnLine((await pdfMoney(api, agent, `/api/bookings/${id}/invoice.pdf`)).text, 'Refunded') ?? -0);
const setSettings = async (over: Record<string, string>) => expect((await (await as('admin')).post('/api/update-booking-status-settings', { mode: 'online', ...over })).status).toBe(200);

describe('a flight paid from the wallet', () => {
  it('held, then paid: the hold quote, the hold mail and the unpaid documents; then the debit, the ticket mail and the paid documents', async () => {
    const a = new Agreement('flight: hold, then pay from the wallet');
    const held = await book(agent, 'flight-hold', { flight_id: offer(), payment_method: 'hold', agent_markup: '1500' });
    a.says('the booking answer', minorOf(held.fare.total)).writes('the hold mail', await lastMail(api.db, 'flight-hold@money.test', 'booking-held'), minorOf(held.fare.total));
    await documents(a, agent, held.id, false);
    const before = await balance();
    expect((await agent.post('/api/confirm-pnr', { id: held.id })).status).toBe(200);
    a.says('the ledger debit', (await ledger(`booking:${held.pnr}`))?.debit).says('the wallet movement', before - await balance())
      .writes('the ticket mail', await lastMail(api.db, 'flight-hold@money.test', 'booking-ticketed'), minorOf(held.fare.total));
    await documents(a, agent, held.id);
    a.check();
  });

  it('paid at booking: the quote, the debit, the wallet, the ticket mail and the documents', async () => {
    const a = new Agreement('flight: pay from the wallet at booking');
    const before = await balance();
    const b = await book(agent, 'flight-wallet', { flight_id: offer(41_234_00), payment_method: 'wallet', agent_markup: '750' });
    a.says('the booking answer', minorOf(b.fare.total)).says('the ledger debit', (await ledger(`booking:${b.pnr}`))?.debit).says('the wallet movement', before - await balance())
      .writes('the ticket mail', await lastMail(api.db, 'flight-wallet@money.test', 'booking-ticketed'), minorOf(b.fare.total));
    await documents(a, agent, b.id);
    a.check();
  });

  it('the answer to the payment names the wallet after it, as does the bell\'s poll; staff answers name none', async () => {
    const res = await agent.post('/api/bookings', { flight_id: offer(), supplier: 'fake', main_contact: contactOf('flight-header'), travellers: [travellerBody()], payment_method: 'wallet' });
    expect(res.status).toBe(201);
    const after = await balance();
    new Agreement('flight: the wallet header').says('the wallet', after).says('the booking answer\'s header', minorOf(walletOf(res.headers.get(WALLET_HEADER))!))
      .says('the poll\'s header', minorOf(walletOf((await agent.get('/api/notifications/unread-count')).headers.get(WALLET_HEADER))!)).check();
    expect((await agent.get('/api/user')).headers.get(WALLET_HEADER)).toBeNull();
    expect((await (await as('accounts')).post('/api/save-agent-charges', { agent_id: agentId, type: 'charge', amount: '1', description: 'header check' })).headers.get(WALLET_HEADER)).toBeNull();
  });

  it('refused for want of balance: no booking, no ledger line, no wallet movement', async () => {
    const before = await balance();
    const id = offer(before + 1_000_00);
    const res = await agent.post('/api/bookings', { flight_id: id, supplier: 'fake', main_contact: contactOf('flight-refused'), travellers: [travellerBody()], payment_method: 'wallet' });
    expect([res.status, res.body.message]).toEqual([422, 'Insufficient Balance']);
    expect(await api.db.select().from(bookings).where(eq(bookings.offerId, id))).toEqual([]);
    new Agreement('flight: refused for want of balance').says('the wallet before', before).says('the wallet after', await balance()).check();
  });

  it('a hold canceled: nothing was charged, nothing moves', async () => {
    const before = await balance();
    const held = await book(agent, 'flight-cancel', { flight_id: offer(), payment_method: 'hold' });
    expect((await agent.post('/api/cancel-pnr', { id: held.id })).status).toBe(200);
    expect(await ledger(`booking:${held.pnr}`)).toBeNull();
    new Agreement('flight: hold canceled').says('the wallet before', before).says('the wallet after', await balance()).check();
  });
});

describe('a flight paid by card', () => {
  it('the quote, the payment taken, the ticket mail and the documents', async () => {
    const customer = await as('customer');
    const a = new Agreement('flight: pay by card');
    const b = await book(customer, 'flight-card', { flight_id: offer(), payment_method: 'card' });
    expect((await payBySandbox(customer, b.payment_url!)).status).toBe(303);
    const [pay] = await api.db.select().from(payments).where(eq(payments.bookingId, b.id));
    a.says('the booking answer', minorOf(b.fare.total)).says('the card payment', pay.status === 'paid' ? pay.amountMinor : null)
      .writes('the ticket mail', await lastMail(api.db, 'flight-card@money.test', 'booking-ticketed'), minorOf(b.fare.total));
    await documents(a, customer, b.id);
    a.check();
  });
});

describe('after the ticket', () => {
  it('two date changes (a cheaper flight, then a dearer one): each quote is its debit, its Other charge, its notice and its mail; the documents list every fee and add up to all that was paid', async () => {
    await setSettings({ reissue_charge: '1000.00' });
    const b = await book(agent, 'flight-change', { flight_id: offer(), payment_method: 'wallet', agent_markup: '1500' });
    let paid = minorOf(b.fare.total);
    const admin = await as('admin');
    for (const [n, base] of [[1, 39_961_00], [2, 44_000_00]] as const) {
      const a = new Agreement(`flight: date change ${n}`);
      const next = offer(base, day(30 + n));
      const q = (await agent.get(`/api/bookings/${b.id}/reissue-quote`, { flight_id: next, supplier: 'fake' })).body.data;
      const before = await balance();
      const res = await agent.post(`/api/bookings/${b.id}/reissue`, { supplier: 'fake', flight_id: next, expected_total: q.total.amount });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const charges = (await agent.get('/api/show-all-charges')).body.data as { type: string; booking_reference: string; amount: { amount: string } }[];
      a.says('the quote', minorOf(q.total)).says('the ledger debit', (await ledger(`re_issue:${b.pnr}:${n}`))?.debit).says('the wallet movement', before - await balance())
        .says('Other charges', charges.filter((c) => c.type === 're_issue' && c.booking_reference === b.pnr).map((c) => minorOf(c.amount))[0] ?? null)
        .says('the staff notice', await noticeAmount(admin, 'booking_reissued', b.pnr))
        .writes('the date change mail', await lastMail(api.db, 'flight-change@money.test', 'booking-reissued'), minorOf(q.total));
      a.check();
      paid += minorOf(q.total);
      const whole = new Agreement(`flight: documents after date change ${n}`).says('everything debited', paid);
      await documents(whole, agent, b.id);
      whole.check();
    }
    await setSettings({ reissue_charge: '0' });
  });

  it('a void: the refund quoted is the credit, the wallet movement, the mail and the notice', async () => {
    await setSettings({ void_charge: '1500.00' });
    const b = await book(agent, 'flight-void', { flight_id: offer(), payment_method: 'wallet' });
    const quoted = (await agent.get('/api/get-booking-ops-details', { id: b.id })).body.data.void_refund;
    expect((await agent.post('/api/void-booking', { id: b.id, reason: 'Plans changed' })).status).toBe(200);
    const before = await balance();
    expect((await (await as('reservation')).post('/api/approve-booking', { id: b.id })).status).toBe(200);
    new Agreement('flight: void').says('the quote', minorOf(quoted)).says('the ledger credit', (await ledger(`void:${b.pnr}`))?.credit).says('the wallet movement', await balance() - before)
      .writes('the void mail', await lastMail(api.db, 'flight-void@money.test', 'booking-voided'), minorOf(quoted))
      .says('the agent notice', await noticeAmount(agent, 'void_approved', b.pnr)).says('the invoice', await refundedOnInvoice(b.id)).check();
    await setSettings({ void_charge: '0' });
  });

  it('a refund after the void window: the quote is the credit, the wallet movement, the mail and the notice', async () => {
    const b = await book(agent, 'flight-refund', { flight_id: offer(), payment_method: 'wallet' });
    api.ctx.clock.now = AFTER_WINDOW;
    const q = (await agent.get(`/api/bookings/${b.id}/refund-quote`)).body.data;
    expect((await agent.post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund.amount })).status).toBe(200);
    const before = await balance();
    expect((await (await as('reservation')).post(`/api/bookings/${b.id}/refund`, {})).status).toBe(200);
    new Agreement('flight: refund').says('the quote', minorOf(q.refund)).says('the ledger credit', (await ledger(`refund:${b.pnr}`))?.credit).says('the wallet movement', await balance() - before)
      .writes('the refund mail', await lastMail(api.db, 'flight-refund@money.test', 'booking-refund-refunded'), minorOf(q.refund))
      .says('the agent notice', await noticeAmount(agent, 'refund_approved', b.pnr)).says('the invoice', await refundedOnInvoice(b.id)).check();
  });

  it('an other charge staff record against a booking: its ledger line, Other charges, the wallet and the booking\'s invoice', async () => {
    const b = await book(agent, 'flight-charge', { flight_id: offer(), payment_method: 'wallet' });
    const before = await balance();
    const res = await (await as('accounts')).post('/api/save-agent-charges', { agent_id: agentId, type: 'ok_to_board', amount: '2500.50', description: 'OK to board', booking_reference: b.pnr });
    expect(res.status).toBe(201);
    const a = new Agreement('other charge').says('the charge saved', minorOf(res.body.data.amount)).says('the ledger debit', (await ledger(`charge:${res.body.data.id}`))?.debit).says('the wallet movement', before - await balance());
    a.check();
    const doc = new Agreement('other charge: the booking\'s documents').says('the fare and the charge', minorOf(b.fare.total) + 2_500_50);
    await documents(doc, agent, b.id);
    doc.check();
  });
});

describe('bookings staff enter and group fares', () => {
  it('a direct booking: the payable (fare + margin) is the debit, the wallet movement, the ticket mail and the documents', async () => {
    const before = await balance();
    const res = await (await as('reservation')).post('/api/admin-booking', {
      agent_id: agentId, source: 'manual', airline_pnr: 'PK7QX2', issue: true, margin: '3000.00',
      segments: [{ airline: 'PK', flight_number: 'PK203', booking_class: 'Y', cabin: 'Y', date: day(20), origin: 'LHE', destination: 'JED', departure_time: '03:00', arrival_time: '06:20' }],
      passengers: [{ type: 'ADT', title: 'Mr', first_name: 'Imran', last_name: 'Butt' }], fares: [{ type: 'ADT', base: '60000.00', taxes: '12500.00' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = res.body.data;
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, d.id));
    const a = new Agreement('direct booking').says('the payable', minorOf(d.payable)).says('the ledger debit', (await ledger(`direct_booking:${d.pnr}`))?.debit).says('the wallet movement', before - await balance())
      .writes('the ticket mail', await lastMail(api.db, row.contactEmail, 'booking-ticketed'), minorOf(d.payable));
    await documents(a, agent, d.id);
    a.check();
  });

  it('a group fare (own inventory) paid from the wallet: the offer, the debit, the mail and the documents', async () => {
    const ticket = (await (await as('admin')).post('/api/group-tickets', {
      airline_code: 'PK', flight_number: '741', origin: 'KHI', destination: 'JED', departure_date: day(25), departure_time: '04:30', arrival_time: '07:15', seats_total: 9, price: '21500',
    })).body.data;
    expect(ticket.id).toBeTruthy();
    const search = await agent.get('/api/flights', { origin: 'KHI', destination: 'JED', departure_date: day(25), adults: 1, limit: 200 });
    const found = search.body.flights.find((f: { is_sooper_flight: boolean }) => f.is_sooper_flight);
    const before = await balance();
    const res = await agent.post('/api/bookings', { flight_id: found.id, supplier: 'sooper', main_contact: contactOf('group'), travellers: [travellerBody()], payment_method: 'wallet', agent_markup: '0' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body.data;
    const a = new Agreement('group fare').says('the offer', minorOf(found.price)).says('the booking answer', minorOf(b.fare.total)).says('the ledger debit', (await ledger(`booking:${b.pnr}`))?.debit)
      .says('the wallet movement', before - await balance()).writes('the ticket mail', await lastMail(api.db, 'group@money.test', 'booking-ticketed'), minorOf(b.fare.total));
    await documents(a, agent, b.id);
    a.check();
  });
});

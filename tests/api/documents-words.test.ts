/**
 * What the server writes reads right, in both languages: a flight number once ("PK 812", never "PK PK812") on the
 * e-ticket and its calendar entry; the payment method in words and no provider's id on a customer's copy (staff's
 * invoice keeps it); a voided ticket and a canceled voucher marked void and no longer sending anyone anywhere;
 * money, days and moments as the shared formatters write them, with zones; invoice lines that add up to the total;
 * Arabic documents and mails with codes and amounts isolated. PDF text is read back with unpdf.
 */
import { describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { mailsTo, setupApi, type TestClient } from '../support/api';
import { identities } from '../support/agents';
import { contact, travellerBody } from '../support/fixtures';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { defaultSuppliers, registerFlightSuppliers } from '../../server/bookings/suppliers';
import { produceAttachment } from '../../server/documents/registry';
import { bookingBody, dayFrom, payBySandbox, pickRate } from '../support/hotels';
import { parseMinor } from '../../contract/money';
import { formatDay } from '../../contract/format/time';
import '../../server/documents/kinds';

const api = await setupApi();
const as = identities(api);
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake, ...defaultSuppliers(api.ctx)]);
const inDays = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const offer = () => fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date: inDays(30), flight_no: `PK${810 + seq++}` }] });

async function download(c: TestClient, path: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await api.app.request(path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const pdfText = async (bytes: Uint8Array) => (await extractText(bytes.slice(), { mergePages: true })).text;
const LRI = '\u2066', PDI = '\u2069';

async function paidFlight(c: TestClient, locale: 'en' | 'ar' = 'en') {
  const res = await c.post('/api/bookings', { flight_id: offer(), supplier: 'fake', main_contact: contact, payment_method: 'card', locale, travellers: [travellerBody()] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await payBySandbox(c, res.body.data.payment_url)).status).toBe(303);
  const b = res.body.data as { id: number; pnr: string; itinerary: { journeys: { segments: { flight_number: string; airline: { code: string } }[] }[] } };
  const ref = (await api.db.query.payments.findFirst({ where: (p, { eq }) => eq(p.bookingId, b.id) }))!.providerRef!;
  return { ...b, ref };
}

describe('flight documents', () => {
  it('the flight number once, on the e-ticket and in the calendar entry; times with their day, at the airport', async () => {
    const customer = await as('customer');
    const b = await paidFlight(customer);
    const seg = b.itinerary.journeys[0].segments[0];
    const number = `${seg.airline.code} ${seg.flight_number.slice(seg.airline.code.length)}`;
    const text = await pdfText((await download(customer, `/api/bookings/${b.id}/e-ticket.pdf`)).bytes);
    expect(text).toContain(number);
    expect(text).not.toContain(`${seg.airline.code} ${seg.flight_number}`);
    expect(text.replace(/\s+/g, ' ')).toMatch(new RegExp(`${formatDay(inDays(30), 'en')}, \\d\\d:\\d\\d`));
    const ics = (await produceAttachment(api.ctx, { kind: 'flight-calendar', id: b.id, lang: 'en' }))!.content.toString('utf8').replace(/\r\n /g, '');
    expect(ics).toContain(`SUMMARY:${number} KHI-DXB (${b.pnr})`);
    expect(ics).not.toContain(`${seg.airline.code} ${seg.flight_number}`);
  }, 60_000);

  it("the payment in words on the customer's invoice and receipt, the provider's reference on staff's copy only; lines add up to the total", async () => {
    const customer = await as('customer');
    const b = await paidFlight(customer);
    const invoice = await pdfText((await download(customer, `/api/bookings/${b.id}/invoice.pdf`)).bytes);
    expect(invoice).toContain('Card');
    expect(invoice).not.toContain(b.ref);
    const receipt = await pdfText((await download(customer, `/api/bookings/${b.id}/receipt.pdf`)).bytes);
    expect(receipt).toContain('Card');
    expect(receipt).not.toContain(b.ref);
    expect(receipt).toContain('Pakistan Standard Time');
    expect(receipt).not.toContain('UTC');
    const staff = await pdfText((await download(await as('accounts'), `/api/bookings/${b.id}/invoice.pdf`)).bytes);
    expect(staff).toContain(b.ref);

    // Every amount of the invoice: its lines, then the total twice (total and amount paid).
    const amounts = [...invoice.matchAll(/PKR ([\d,]+(?:\.\d\d)?)/g)].map((m) => parseMinor(m[1].replace(/,/g, ''))!);
    const total = amounts[amounts.length - 1];
    expect(amounts[amounts.length - 2]).toBe(total);
    expect(amounts.slice(0, -2).reduce((a, n) => a + n, 0)).toBe(total);
  }, 60_000);

  it('a voided ticket is marked void and no longer reads as a ticket to travel on', async () => {
    const customer = await as('customer');
    const b = await paidFlight(customer);
    const before = await pdfText((await download(customer, `/api/bookings/${b.id}/e-ticket.pdf`)).bytes);
    expect(before).not.toContain('VOID');
    const r = await (await as('reservation')).post('/api/void-booking', { id: b.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const text = await pdfText((await download(customer, `/api/bookings/${b.id}/e-ticket.pdf`)).bytes);
    for (const s of ['VOID', 'Voided', 'This booking is no longer valid', 'This document is void']) expect(text).toContain(s);
    expect(text).not.toContain('Check in at least 3 hours');
  }, 60_000);

  it('Arabic: the e-ticket keeps the reference and the amount in order; the mail isolates them and says the zone', async () => {
    const customer = await as('customer');
    const b = await paidFlight(customer, 'ar');
    const text = await pdfText((await download(customer, `/api/bookings/${b.id}/e-ticket.pdf?lang=ar`)).bytes);
    expect(text).toContain(b.pnr);
    expect(text).toMatch(/PKR [\d,]+/);
    const [mail] = (await mailsTo(api.db, contact.email)).filter((m) => m.subject.includes(b.pnr));
    expect(mail.kind).toBe('booking-ticketed');
    expect(mail.textBody).toMatch(new RegExp(`${LRI}PKR [\\d,]+${PDI}`));
    expect(mail.textBody).toContain(`${LRI}${b.pnr}${PDI}`);
    expect(mail.textBody).not.toMatch(/PKR \d+\.\d\d/);
  }, 60_000);

  it('the hold mail names the deadline in the rule\'s zone with the time left', async () => {
    const customer = await as('customer');
    const res = await customer.post('/api/bookings', { flight_id: offer(), supplier: 'fake', main_contact: { ...contact, email: 'hold.words@example.com' }, payment_method: 'hold', travellers: [travellerBody()] });
    expect(res.status).toBe(201);
    const [mail] = await mailsTo(api.db, 'hold.words@example.com');
    expect(mail.kind).toBe('booking-held');
    expect(mail.textBody).toMatch(/Pay PKR [\d,]+ until .+ Pakistan Standard Time \(in \d+ minutes\), or the seats are released\./);
    expect(mail.textBody).not.toContain('UTC');
  }, 60_000);
});

describe('booking history', () => {
  it('says what happened as data the app words (no "payment: card", no raw amounts), a provider reference kept aside', async () => {
    const customer = await as('customer');
    const b = await paidFlight(customer);
    const r = await (await as('reservation')).post('/api/void-booking', { id: b.id, reason: 'Asked by phone' });
    expect(r.status).toBe(200);
    const details = await customer.get('/api/get-customer-flight-booking-details', { id: b.id });
    const events = details.body.data.events as { action: string; note: string | null; say: { key: string; params: Record<string, unknown> } | null }[];
    expect(events.map((e) => [e.action, e.say?.key ?? null])).toEqual([['create', 'created_card'], ['pay_card', 'paid_card'], ['void', 'void_refund']]);
    expect(events[1].say!.params.ref).toBe(b.ref);
    expect(events[2].say!.params).toMatchObject({ currency: 'PKR', refund_minor: expect.any(Number), charge_minor: expect.any(Number) });
    expect(events[2].note).toBe('Asked by phone');
    for (const e of events) expect(e.note ?? '').not.toMatch(/payment: |PKR \d/);
  }, 60_000);
});

describe('hotel voucher', () => {
  it('days and the free-cancellation deadline in the hotel\'s zone; canceled: marked void, no longer sends the guest to the hotel', async () => {
    const guest = await api.as('anonymous');
    const now = api.ctx.clock.now;
    const stay = { check_in: dayFrom(now, 40), check_out: dayFrom(now, 43), rooms: [{ adults: 1, children_ages: [] }] };
    const { rate } = await pickRate(guest, stay, { refundable: true });
    const email = 'void.voucher@example.com';
    const res = await guest.post('/api/hotel-bookings', bookingBody(stay, rate.id, { contact: { email, phone: '+92 300 1234567', country: 'PK' } }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body.data;
    expect((await payBySandbox(guest, b.payment.checkout_url)).status).toBe(303);
    const path = `/api/hotel-bookings/${b.reference}/voucher.pdf?email=${email}`;
    const before = await pdfText((await download(guest, path)).bytes);
    expect(before).toContain(formatDay(stay.check_in, 'en'));
    expect(before).toMatch(/Free cancellation until \d+ \w+ \d{4}, \d\d:\d\d [\s\S]*Time/);
    expect(before).toContain('Show this voucher at the hotel reception');
    expect(before).not.toContain('VOID');
    const [confirmed] = await mailsTo(api.db, email);
    expect(confirmed.textBody).toMatch(/Free cancellation until .+ Time \(in \d+ days\)\./);

    expect((await guest.post(`/api/hotel-bookings/${b.reference}/cancel`, { email })).status).toBe(200);
    const after = await pdfText((await download(guest, path)).bytes);
    for (const s of ['VOID', 'Canceled', 'the voucher is no longer valid']) expect(after).toContain(s);
    expect(after).not.toContain('Show this voucher at the hotel');
    const ar = await pdfText((await download(guest, `${path}&lang=ar`)).bytes);
    // Arabic text comes back from the PDF as drawn glyphs: its Latin reference is what can be read back.
    expect(ar).toContain(b.reference);
  }, 90_000);
});

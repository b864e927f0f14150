/**
 * Documents: the flight e-ticket and receipt, the hotel voucher and receipt as PDF downloads for whoever may read
 * the booking (owner, staff with bookings.read, a guest with reference and email), and the booking mails that
 * carry them. PDF text is read back with unpdf.
 */
import { describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { mailsTo, setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix, identities } from '../support/agents';
import { contact, travellerBody } from '../support/fixtures';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { defaultSuppliers, registerFlightSuppliers } from '../../server/bookings/suppliers';
import { bookingBody, dayFrom, payBySandbox, pickRate } from '../support/hotels';
import { drainOutbox, type OutgoingMail } from '../../server/mail/worker';
import { formatDay } from '../../contract/format/time';

const api = await setupApi();
const as = identities(api);
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake, ...defaultSuppliers(api.ctx)]);
const inDays = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
/** A return trip for two adults (45,000 each), so the documents show two journeys and two passengers. */
const offer = (adults = 2) => fake.addOffer({ party: { adults, children: 0, infants: 0 }, legs: [
  { origin: 'KHI', destination: 'DXB', date: inDays(30), flight_no: `PK${800 + seq++}` },
  { origin: 'DXB', destination: 'KHI', date: inDays(37), flight_no: `PK${800 + seq++}` },
] });

async function download(c: TestClient, path: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await api.app.request(path, { headers: cookie ? { cookie } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes };
}
const pdfText = async (bytes: Uint8Array) => (await extractText(bytes.slice(), { mergePages: true })).text;
const head = (b: Uint8Array) => Buffer.from(b.slice(0, 5)).toString('latin1');

/** A customer's card booking, paid on the sandbox page: ticketed, with ticket numbers. */
async function paidFlight(c: TestClient, names: [string, string]) {
  const res = await c.post('/api/bookings', {
    flight_id: offer(), supplier: 'fake', main_contact: contact, payment_method: 'card',
    travellers: [travellerBody({ first_name: names[0], last_name: 'Qureshi' }), travellerBody({ first_name: names[1], last_name: 'Qureshi' })],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await payBySandbox(c, res.body.data.payment_url)).status).toBe(303);
  return res.body.data as { id: number; pnr: string };
}

describe('flight e-ticket and receipt', () => {
  it('the owner downloads the e-ticket: a PDF attachment naming the PNR, every passenger and their tickets, in English and Arabic', async () => {
    const customer = await as('customer');
    const b = await paidFlight(customer, ['Hamza', 'Zainab']);
    const res = await download(customer, `/api/bookings/${b.id}/e-ticket.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="e-ticket-${b.pnr}.pdf"`);
    expect(head(res.bytes)).toBe('%PDF-');
    const text = await pdfText(res.bytes);
    for (const s of [b.pnr, 'Hamza Qureshi', 'Zainab Qureshi', 'E-ticket', 'KHI', 'DXB']) expect(text).toContain(s);
    const details = await customer.get('/api/get-customer-flight-booking-details', { id: b.id });
    for (const p of details.body.data.travellers) expect(text).toContain(p.ticket_number);
    // Amounts as the flight pages write them: whole, grouped.
    expect(text).toMatch(/PKR\s90,000/);

    const ar = await download(customer, `/api/bookings/${b.pnr}/e-ticket.pdf?lang=ar`);
    expect(ar.status).toBe(200);
    expect(ar.headers.get('content-disposition')).toContain(`e-ticket-${b.pnr}-ar.pdf`);
    expect(await pdfText(ar.bytes)).toContain(b.pnr);

    const receipt = await download(customer, `/api/bookings/${b.id}/receipt.pdf`);
    expect(receipt.status).toBe(200);
    expect(await pdfText(receipt.bytes)).toContain('Payment receipt');
  }, 60_000);

  it('answers the owner, staff who read bookings and a guest with PNR and email; nobody else', async () => {
    const customer = await as('customer');
    const b = await paidFlight(customer, ['Bilal', 'Maryam']);
    await expectRoleMatrix(as, async (c) => ({ status: (await download(c, `/api/bookings/${b.id}/e-ticket.pdf`)).status }) as never, {
      anonymous: 422, customer: 200, unapprovedAgent: 404, agent: 404, accounts: 200, reservation: 200, analyst: 200, admin: 200,
    });
    const guest = await api.as('anonymous');
    expect((await download(guest, `/api/bookings/${b.pnr}/e-ticket.pdf?email=${encodeURIComponent(contact.email)}`)).status).toBe(200);
    expect((await download(guest, `/api/bookings/${b.pnr}/e-ticket.pdf?email=someone@else.com`)).status).toBe(404);
    expect((await download(guest, `/api/bookings/${b.id}/e-ticket.pdf?email=${encodeURIComponent(contact.email)}`)).status).toBe(422);
    expect((await download(customer, '/api/bookings/999999/e-ticket.pdf')).status).toBe(404);
    expect((await download(customer, `/api/bookings/${b.id}/e-ticket.pdf?lang=fr`)).status).toBe(422);
  }, 60_000);

  it('an invoice for every booking: unpaid while held (the total due), paid once ticketed, billed to the agency for an agent; the same rules of access', async () => {
    const customer = await as('customer');
    const held = await customer.post('/api/bookings', { flight_id: offer(1), supplier: 'fake', main_contact: contact, travellers: [travellerBody()], payment_method: 'hold' });
    const unpaid = await download(customer, `/api/bookings/${held.body.data.id}/invoice.pdf`);
    expect(unpaid.status).toBe(200);
    expect(unpaid.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${held.body.data.pnr}.pdf"`);
    const unpaidText = await pdfText(unpaid.bytes);
    for (const s of ['Invoice', `INV-${held.body.data.pnr}`, 'Unpaid', 'Amount due', contact.email, 'Base fare', 'Taxes and fees', 'PKR 45,000']) expect(unpaidText).toContain(s);

    // A multi-city trip is named by all its airports, not by its first flight.
    const multi = fake.addOffer({ legs: [
      { origin: 'KHI', destination: 'DXB', date: inDays(30), flight_no: `PK${800 + seq++}` },
      { origin: 'DXB', destination: 'IST', date: inDays(33), flight_no: `TK${800 + seq++}` },
      { origin: 'IST', destination: 'LHE', date: inDays(40), flight_no: `TK${800 + seq++}` },
    ] });
    const mc = await customer.post('/api/bookings', { flight_id: multi, supplier: 'fake', main_contact: contact, travellers: [travellerBody({ first_name: 'Multi', last_name: 'City' })], payment_method: 'hold' });
    expect(mc.status, JSON.stringify(mc.body)).toBe(201);
    expect(await pdfText((await download(customer, `/api/bookings/${mc.body.data.id}/invoice.pdf`)).bytes)).toContain('Flight KHI - DXB - IST - LHE');

    const b = await paidFlight(customer, ['Saad', 'Hira']);
    const paid = await pdfText((await download(customer, `/api/bookings/${b.id}/invoice.pdf`)).bytes);
    for (const s of ['Paid', 'Amount paid', 'Card', 'PKR 90,000']) expect(paid).toContain(s);
    const ar = await download(customer, `/api/bookings/${b.id}/invoice.pdf?lang=ar`);
    expect(ar.headers.get('content-disposition')).toContain(`invoice-${b.pnr}-ar.pdf`);
    expect(await pdfText(ar.bytes)).toContain(`INV-${b.pnr}`);

    const agent = await as('agent');
    const mine = await agent.post('/api/bookings', { flight_id: offer(1), supplier: 'fake', main_contact: contact, travellers: [travellerBody({ first_name: 'Agent', last_name: 'Client' })], payment_method: 'hold' });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const billed = await pdfText((await download(agent, `/api/bookings/${mine.body.data.id}/invoice.pdf`)).bytes);
    expect(billed).toMatch(/AGN-\d{2}-\d{4}/);

    await expectRoleMatrix(as, async (c) => ({ status: (await download(c, `/api/bookings/${b.id}/invoice.pdf`)).status }) as never, {
      anonymous: 422, customer: 200, unapprovedAgent: 404, agent: 404, accounts: 200, reservation: 200, analyst: 200, admin: 200,
    });
    const guest = await api.as('anonymous');
    expect((await download(guest, `/api/bookings/${b.pnr}/invoice.pdf?email=${encodeURIComponent(contact.email)}`)).status).toBe(200);
    expect((await download(guest, `/api/bookings/${b.pnr}/invoice.pdf?email=someone@else.com`)).status).toBe(404);
  }, 90_000);

  it('a held booking has an itinerary but no receipt yet', async () => {
    const customer = await as('customer');
    const res = await customer.post('/api/bookings', { flight_id: offer(1), supplier: 'fake', main_contact: contact, travellers: [travellerBody()], payment_method: 'hold' });
    expect(res.status).toBe(201);
    const itinerary = await download(customer, `/api/bookings/${res.body.data.id}/e-ticket.pdf`);
    expect(itinerary.status).toBe(200);
    expect(await pdfText(itinerary.bytes)).toContain('Itinerary');
    expect((await download(customer, `/api/bookings/${res.body.data.id}/receipt.pdf`)).status).toBe(409);
  }, 60_000);

  it('a card payer gets one mail, the ticket, with every passenger, the e-ticket PDF and a calendar file', async () => {
    const customer = await as('customer');
    const before = (await mailsTo(api.db, contact.email)).length;
    const b = await paidFlight(customer, ['Usman', 'Ayesha']);
    const mails = (await mailsTo(api.db, contact.email)).slice(0, (await mailsTo(api.db, contact.email)).length - before);
    expect(mails.map((m) => m.kind)).toEqual(['booking-ticketed']);
    expect(mails[0].textBody).toContain('Usman Qureshi');
    expect(mails[0].textBody).toContain('Ayesha Qureshi');
    expect(mails[0].textBody).toMatch(/PKR\s90,000\b/);
    expect(mails[0].textBody).toContain('Journey 2: DXB - KHI');
    const sent: OutgoingMail[] = [];
    await drainOutbox(api.ctx, { send: async (m) => void sent.push(m) }, 100);
    const mine = sent.find((m) => m.subject.includes(b.pnr))!;
    // Written again when sent: the ticket numbers the airline gave after the mail was queued are in it.
    const details = await customer.get('/api/get-customer-flight-booking-details', { id: b.id });
    for (const p of details.body.data.travellers) expect(mine.text).toContain(p.ticket_number);
    expect(mine.attachments?.map((a) => a.filename)).toEqual([`e-ticket-${b.pnr}.pdf`, `flights-${b.pnr}.ics`]);
    expect(head(new Uint8Array(mine.attachments![0].content))).toBe('%PDF-');
    const ics = mine.attachments![1].content.toString('utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  }, 60_000);
});

describe('the trip in a calendar file', () => {
  it('the owner and a guest with the PNR and email download each flight as an event; a stay as one from check-in to check-out', async () => {
    const customer = await as('customer');
    const b = await paidFlight(customer, ['Omar', 'Hiba']);
    const res = await download(customer, `/api/bookings/${b.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const text = Buffer.from(res.bytes).toString('utf8');
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain(b.pnr);
    const guest = await api.as('anonymous');
    expect((await download(guest, `/api/bookings/${b.pnr}/calendar.ics?email=${encodeURIComponent(contact.email)}`)).status).toBe(200);
    expect((await download(guest, `/api/bookings/${b.pnr}/calendar.ics?email=someone@else.com`)).status).toBe(404);
    expect((await download(await as('agent'), `/api/bookings/${b.id}/calendar.ics`)).status).toBe(404);

    const now = api.ctx.clock.now;
    const stay = { check_in: dayFrom(now, 50), check_out: dayFrom(now, 52), rooms: [{ adults: 1, children_ages: [] }] };
    const { rate } = await pickRate(guest, stay, { refundable: true });
    const h = (await guest.post('/api/hotel-bookings', bookingBody(stay, rate.id, { contact: { email: 'ics.guest@example.com', phone: '+92 300 1234567', country: 'PK' } }))).body.data;
    const ics = await download(guest, `/api/hotel-bookings/${h.reference}/calendar.ics?email=ics.guest@example.com`);
    expect(ics.status).toBe(200);
    const stayText = Buffer.from(ics.bytes).toString('utf8');
    expect(stayText).toContain(`DTSTART;VALUE=DATE:${stay.check_in.replace(/-/g, '')}`);
    expect(stayText).toContain(h.reference);
  }, 60_000);
});

describe('hotel voucher and receipt', () => {
  it('a guest pays, gets the voucher mail with PDF and calendar, and downloads voucher and receipt with reference and email only', async () => {
    const guest = await api.as('anonymous');
    const now = api.ctx.clock.now;
    const stay = { check_in: dayFrom(now, 40), check_out: dayFrom(now, 43), rooms: [{ adults: 2, children_ages: [] }] };
    const { rate } = await pickRate(guest, stay, { refundable: true });
    const res = await guest.post('/api/hotel-bookings', bookingBody(stay, rate.id, { contact: { email: 'voucher.guest@example.com', phone: '+92 300 1234567', country: 'PK' } }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body.data;
    expect((await payBySandbox(guest, b.payment.checkout_url)).status).toBe(303);
    const [mail] = await mailsTo(api.db, 'voucher.guest@example.com');
    expect(mail.attachments.map((a) => a.kind)).toEqual(['hotel-voucher', 'hotel-calendar']);

    const voucher = await download(guest, `/api/hotel-bookings/${b.reference}/voucher.pdf?email=voucher.guest@example.com`);
    expect(voucher.status).toBe(200);
    expect(voucher.headers.get('content-disposition')).toBe(`attachment; filename="voucher-${b.reference}.pdf"`);
    const text = await pdfText(voucher.bytes);
    for (const s of [b.reference, b.hotel.name, b.guests[0].first_name, formatDay(b.check_in, 'en')]) expect(text).toContain(s);
    expect((await download(guest, `/api/hotel-bookings/${b.reference}/receipt.pdf?email=voucher.guest@example.com`)).status).toBe(200);
    const invoice = await download(guest, `/api/hotel-bookings/${b.reference}/invoice.pdf?email=voucher.guest@example.com`);
    expect(invoice.status).toBe(200);
    const invoiceText = await pdfText(invoice.bytes);
    for (const s of ['Invoice', `INV-${b.reference}`, b.hotel.name, 'Amount paid', 'voucher.guest@example.com']) expect(invoiceText).toContain(s);
    expect((await download(guest, `/api/hotel-bookings/${b.reference}/invoice.pdf?email=wrong@example.com`)).status).toBe(404);
    expect((await download(guest, `/api/hotel-bookings/${b.reference}/voucher.pdf?email=wrong@example.com`)).status).toBe(404);
    expect((await download(guest, `/api/hotel-bookings/${b.reference}/voucher.pdf`)).status).toBe(422);
    await expectRoleMatrix(as, async (c) => ({ status: (await download(c, `/api/hotel-bookings/${b.id}/voucher.pdf`)).status }) as never, {
      anonymous: 422, customer: 404, agent: 404, accounts: 200, reservation: 200, analyst: 200, admin: 200,
    });
  }, 90_000);
});

import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayInZone } from '../../contract/flights';
import { setupApi } from '../support/api';
import { groupTicketRef } from '../../server/catalogue/group-ticket-supplier';
import { bookings, groupTickets } from '../../server/db/schema';

/**
 * The last seats of a group ticket, booked as the site books them (the ticket's own fare from its detail page,
 * then POST /bookings) by many guests at once on separate connections: exactly as many win as there are seats.
 */
const api = await setupApi();
const day = (n: number) => addDays(todayInZone('UTC'), n);
const contact = { email: 'group.racer@example.com', phone: '+92 300 1112223', country: 'PK' };
const traveller = (i: number) => ({
  type: 'ADT', title: 'Mr', first_name: `Group${String.fromCharCode(65 + i)}`, last_name: 'Racer', gender: 'M',
  dob: '1985-01-01', nationality: 'PK', document_type: 'passport', document_no: `GR${4000000 + i}`, expiry_date: '2036-01-01', issue_country: 'PK',
});

describe('PostgreSQL group ticket race', () => {
  it('12 guests racing for the last 3 seats of a group fare: exactly 3 are booked and the seats end at 0', async () => {
    const admin = await api.as('admin');
    const ticket = (await admin.post('/api/group-tickets', {
      airline_code: 'PK', flight_number: '761', origin: 'ISB', destination: 'JED', departure_date: day(30), departure_time: '02:00', arrival_time: '05:10',
      seats_total: 3, price: '150000', baggage: '2 × 23 kg',
    })).body.data;
    expect(ticket.seats_available).toBe(3);
    const guests = await Promise.all(Array.from({ length: 12 }, () => api.as('anonymous')));
    // Each guest opens the fare (as "Book" does), so each holds a signed offer for one seat.
    const offers = await Promise.all(guests.map(async (g) => {
      const res = await g.get(`/api/flight/${groupTicketRef(ticket.id, { adults: 1, children: 0, infants: 0 })}/sooper/1`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as string;
    }));
    const results = await Promise.all(guests.map((g, i) => g.post('/api/bookings', {
      flight_id: offers[i], supplier: 'sooper', main_contact: contact, travellers: [traveller(i)], payment_method: 'hold',
    }, { 'idempotency-key': `group-race-${ticket.id}-${i}` })));
    const won = results.filter((r) => r.status === 201);
    expect(won, JSON.stringify(results.map((r) => [r.status, r.body.message]))).toHaveLength(3);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 409)).toBe(true);
    const [row] = await api.db.select().from(groupTickets).where(eq(groupTickets.id, ticket.id));
    expect(row.seatsAvailable).toBe(0);
    const pnrs = won.map((r) => r.body.data.pnr as string);
    const saved = await api.db.select().from(bookings).where(eq(bookings.supplier, 'sooper'));
    expect(saved.filter((b) => pnrs.includes(b.pnr))).toHaveLength(3);
  });
});

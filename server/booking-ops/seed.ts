/**
 * Demo bookings in every state for the demo agent and customer (development only, never in tests): real
 * offers from the embedded supplier booked through the booking service, then moved with the same actions the
 * screens use, plus a direct booking imported from a pasted display and one pending for staff. A late seeder:
 * searching builds the flight network, so these are made after the server first answers.
 */
import { eq } from 'drizzle-orm';
import { lateSeeders } from '../db/seed';
import { bookings, users } from '../db/schema';
import type { AppContext, SessionUser } from '../context';
import { createBooking } from '../bookings/create';
import { flightSuppliers } from '../bookings/suppliers';
import { pricingFor } from '../pricing';
import { cancelAction, confirmAction } from './service';
import { requestVoidAction } from './voids';
import { createDirectBooking } from './direct';
import { previewFromDisplay } from '../pnr/preview';
import { creditWallet } from '../ledger/service';

const day = (ctx: AppContext, n: number) => new Date(ctx.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);

lateSeeders.push(async (ctx) => {
  if (ctx.config.env === 'test') return;
  const byEmail = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)).limit(1))[0] as SessionUser | undefined;
  const agent = await byEmail('agent@demo.safar');
  const customer = await byEmail('customer@demo.safar');
  const staff = await byEmail('reservation@demo.safar');
  if (!agent || !customer || !staff) return;
  const supplier = flightSuppliers(ctx).get('safar') ?? flightSuppliers(ctx).list()[0];
  if (!supplier) return;

  const people = [
    { first: 'Ahmed', last: 'Khan', dob: '1986-03-14' }, { first: 'Sara', last: 'Malik', dob: '1991-07-02' }, { first: 'Usman', last: 'Raza', dob: '1979-11-23' },
    { first: 'Hina', last: 'Siddiqui', dob: '1994-01-30' }, { first: 'Bilal', last: 'Ahmed', dob: '1983-05-18' }, { first: 'Ayesha', last: 'Qureshi', dob: '1989-09-09' },
    { first: 'Faisal', last: 'Sheikh', dob: '1981-12-05' }, { first: 'Tariq', last: 'Mehmood', dob: '1977-08-21' },
  ];
  const routes: [string, string, number][] = [['KHI', 'DXB', 12], ['LHE', 'JED', 18], ['ISB', 'DOH', 25], ['KHI', 'IST', 33], ['LHE', 'DXB', 40], ['KHI', 'JED', 47], ['KHI', 'DXB', 20], ['LHE', 'DXB', 26]];
  /** The cheapest offer over the legs (route and days ahead), held for one adult. */
  const hold = async (user: SessionUser, legs: [string, string, number][], p: { first: string; last: string; dob: string; title?: string; gender?: string }, passport: string) => {
    const pricing = await pricingFor(ctx.db, user);
    const flightType = legs.length > 1 ? 'multi-city' : 'one-way';
    const res = await supplier.search({ flightType, legs: legs.map(([origin, destination, inDays]) => ({ origin, destination, date: day(ctx, inDays) })), adults: 1, children: 0, infants: 0, cabin_class: 'Y', stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false }, { pricing, limit: 1 });
    const offer = res.offers[0];
    if (!offer) return null;
    const { booking } = await createBooking(ctx, user, {
      flight_id: offer.id, supplier: supplier.code, main_contact: { email: user.email, phone: '+92 300 1234567', country: 'PK' }, payment_method: 'hold',
      travellers: [{ type: 'ADT', title: p.title ?? 'Mr', first_name: p.first, last_name: p.last, gender: p.gender ?? 'M', dob: p.dob, nationality: 'PK', document_type: 'passport', document_no: passport, expiry_date: '2034-06-30', issue_country: 'PK' }],
    } as never, null);
    return booking;
  };
  const book = (user: SessionUser, i: number) => hold(user, [routes[i]], people[i], `AB${4410000 + i}`);
  try {
    // One ticketed to change the date of (the reissue journey); made first, so the lists show it below the others.
    const ri = await book(agent, 7);
    if (ri) await confirmAction(ctx, agent, ri.id);
    // A ticketed multi-city trip (Karachi, Dubai, Istanbul and home): each of its flights can move to another day.
    const mc = await hold(agent, [['KHI', 'DXB', 14], ['DXB', 'IST', 17], ['IST', 'KHI', 24]], { first: 'Nadia', last: 'Hussain', dob: '1990-04-12', title: 'Ms', gender: 'F' }, 'AB4410099');
    if (mc) {
      // Paid by a top-up of its own, so the wallet left for the demo is what it was without this trip.
      const [{ total }] = await ctx.db.select({ total: bookings.totalMinor }).from(bookings).where(eq(bookings.id, mc.id));
      await creditWallet(ctx.db, { agentId: agent.id, amountMinor: total, type: 'adjustment', reference: 'adjustment:demo-multi-city', description: 'Top-up for the multi-city trip (demo)' });
      await confirmAction(ctx, agent, mc.id);
    }
    // Agent: one held, one ticketed, one void requested, one canceled, one past its void window.
    await book(agent, 0);
    const t = await book(agent, 1);
    if (t) await confirmAction(ctx, agent, t.id);
    const v = await book(agent, 2);
    if (v) { await confirmAction(ctx, agent, v.id); await requestVoidAction(ctx, agent, v.id, 'Passenger changed travel dates'); }
    const c = await book(agent, 3);
    if (c) await cancelAction(ctx, agent, c.id);
    // One ticketed two days ago: its void window has closed, so it shows the refund flow.
    const r = await book(agent, 6);
    if (r) {
      await confirmAction(ctx, agent, r.id);
      await ctx.db.update(bookings).set({ ticketedAt: new Date(ctx.now().getTime() - 2 * 86_400_000) }).where(eq(bookings.id, r.id));
    }
    // Another past its void window, for staff to start a refund on the agent's behalf (paid by a top-up of its own).
    const sr = await hold(agent, [['KHI', 'DOH', 22]], { first: 'Zainab', last: 'Abbasi', dob: '1992-02-11', title: 'Ms', gender: 'F' }, 'AB4410098');
    if (sr) {
      const [{ total }] = await ctx.db.select({ total: bookings.totalMinor }).from(bookings).where(eq(bookings.id, sr.id));
      await creditWallet(ctx.db, { agentId: agent.id, amountMinor: total, type: 'adjustment', reference: 'adjustment:demo-staff-refund', description: 'Top-up for the booking staff refund (demo)' });
      await confirmAction(ctx, agent, sr.id);
      await ctx.db.update(bookings).set({ ticketedAt: new Date(ctx.now().getTime() - 2 * 86_400_000) }).where(eq(bookings.id, sr.id));
    }
    // Customer: one held, one canceled.
    await book(customer, 4);
    const cc = await book(customer, 5);
    if (cc) await cancelAction(ctx, customer, cc.id);
    // Direct bookings: a pasted display ticketed for the agent with a margin, and one waiting for staff.
    const display = `RP/KHIPK2100/KHIPK2100            AA/SU  ${day(ctx, 0)}   D3M0PK
  1.IQBAL/FARHAN MR   2.IQBAL/NADIA MRS
  3  EK 601 Y ${ddmmm(day(ctx, 21))} 1 KHIDXB HK2  0445 0630
  4  EK 600 Y ${ddmmm(day(ctx, 28))} 1 DXBKHI HK2  2150 0155+1`;
    const pre = previewFromDisplay(display, day(ctx, 0));
    const base = { agent_id: agent.id, segments: pre.segments as never, passengers: pre.passengers.map((x) => ({ ...x, dob: null })) as never, fares: [{ type: 'ADT' as const, base: 62_000_00, taxes: 14_500_00 }], raw_display: display, note: null, contact_email: null, currency: 'PKR', airline_pnr: 'EK8XQ2', supplier: undefined, unread_checked: false };
    await createDirectBooking(ctx, staff, { ...base, source: 'display', pnr: 'D3M0PK', margin: 3_500_00, issue: true });
    await createDirectBooking(ctx, staff, { ...base, source: 'manual', pnr: 'D3M0PN', margin: 2_000_00, issue: false, passengers: [{ type: 'ADT', title: 'Mr', first_name: 'Kamran', last_name: 'Javed', dob: null }] as never, raw_display: null });
  } catch (err) {
    ctx.log.warn({ err }, 'demo bookings were not seeded');
  }
});

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
function ddmmm(iso: string) { return `${iso.slice(8, 10)}${MONTHS[Number(iso.slice(5, 7)) - 1]}`; }

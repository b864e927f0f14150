import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { creditWallet } from '../../server/ledger/service';
import {
  contact, dayFromNow, failed, killAll, privateDatabase, ProcessClient, query, startServer, tempDir, traveller, type Answer,
} from '../support/process';

/**
 * kill -9 while bookings are under way, then a restart on the same database: every acknowledged booking is
 * there, no wallet debit is doubled, and once the supplier-orders job has run the seats sold equal the live
 * passengers (a sale the crash left without its booking is given back).
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  await killAll();
  for (const c of cleanups.splice(0)) await c();
}, 60_000);

interface Itinerary { journeys: { segments: { flight_number: string; departure_at: string; cabin: string }[] }[] }

/** Seats sold per flight cabin and day, as flight_seats says and as the live bookings add up. */
async function seatBooks(url: string) {
  const sold = new Map<string, number>();
  for (const r of await query<{ flight_no: string; date: string; cabin: string; sold: number }>(url, `select flight_no, to_char(date, 'YYYY-MM-DD') as date, cabin, sold from flight_seats where sold > 0`)) {
    sold.set(`${r.flight_no}|${r.date}|${r.cabin}`, r.sold);
  }
  const live = new Map<string, number>();
  const rows = await query<{ itinerary: Itinerary; seated: string }>(url, `
    select b.itinerary, (select count(*) from booking_passengers p where p.booking_id = b.id and p.type <> 'INF') as seated
    from bookings b where b.supplier = 'safar' and b.status in ('booked', 'ticketed', 'requested', 'pending')`);
  for (const r of rows) {
    for (const j of r.itinerary.journeys) for (const s of j.segments) {
      const key = `${s.flight_number}|${s.departure_at.slice(0, 10)}|${s.cabin}`;
      live.set(key, (live.get(key) ?? 0) + Number(r.seated));
    }
  }
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const differing = [...new Set([...sold.keys(), ...live.keys()])].filter((k) => (sold.get(k) ?? 0) !== (live.get(k) ?? 0));
  return { sold: total(sold), live: total(live), differing };
}

describe('kill -9 during bookings', () => {
  it('after a restart: acknowledged bookings exist, no double debit, seats sold = live passengers', async () => {
    const db = await privateDatabase();
    cleanups.push(db.drop);
    const data = tempDir();
    cleanups.push(data.remove);
    // Top up the demo agent so every wallet booking can pay.
    const direct = await openDatabase({ databaseUrl: db.url, onPoolError: () => {} });
    const [agentRow] = await direct.db.select().from(users).where(eq(users.email, 'agent@demo.safar'));
    await creditWallet(direct.db, { agentId: agentRow.id, amountMinor: 50_000_000_00, type: 'deposit', reference: 'process-crash:topup', description: 'test top-up' });
    await direct.close();
    expect((await seatBooks(db.url)).differing).toEqual([]); // the seeded data agrees before the test

    // The orphan job runs often and with a short grace, so the test need not wait minutes.
    const env = { DATABASE_URL: db.url, DATA_DIR: data.path, JOB_EVERY_MS: 'supplier-orders=500', ORDER_RECONCILE_GRACE_MS: '3000' };
    const first = await startServer(env);
    const guest = new ProcessClient(first.base);
    const agent = new ProcessClient(first.base);
    cleanups.push(() => { guest.close(); agent.close(); });
    await guest.csrf();
    await agent.login('agent@demo.safar');
    const offers: { id: string; supplier: string }[] = [];
    for (const [origin, destination, inDays] of [['KHI', 'DXB', 40], ['LHE', 'JED', 41], ['ISB', 'DXB', 42]] as const) {
      const r = await guest.get('/api/flights', { flightType: 'one-way', origin, destination, departure_date: dayFromNow(inDays), adults: 1, limit: 50 });
      if (failed(r) || r.status !== 200) throw new Error(`search: ${JSON.stringify(r)}`);
      offers.push(...(r.body.flights as { id: string; supplier: string }[]).slice(0, 15));
    }
    expect(offers.length).toBeGreaterThanOrEqual(30);

    const N = 60;
    const acks: { i: number; wallet: boolean; id: number; pnr: string }[] = [];
    const requests = Array.from({ length: N }, (_, i) => {
      const wallet = i % 2 === 1;
      const offer = offers[i % offers.length];
      const client = wallet ? agent : guest;
      return client.post('/api/bookings', {
        flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [traveller('Crash')], payment_method: wallet ? 'wallet' : 'hold',
      }, { 'idempotency-key': `crash-${i}-${first.port}` }).then((r) => {
        if (!failed(r) && r.status === 201) acks.push({ i, wallet, id: r.body.data.id, pnr: r.body.data.pnr });
        return r;
      });
    });
    // kill -9 in the middle of the run, bounded in time whatever happens. Holds answer faster than wallet
    // bookings, so wait for at least one of each kind: the retry below needs an acknowledged wallet booking.
    const deadline = Date.now() + 20_000;
    const enough = () => acks.length >= 12 && acks.some((a) => a.wallet) && acks.some((a) => !a.wallet);
    while (!enough() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    const answers = await Promise.all(requests);
    await first.exited;
    const unanswered = answers.filter(failed).length;
    const refused = (answers.filter((a) => !failed(a)) as Answer[]).filter((a) => a.status !== 201);
    expect(acks.length).toBeGreaterThanOrEqual(12);
    expect(acks.some((a) => a.wallet)).toBe(true);
    expect(unanswered).toBeGreaterThan(0); // the kill did land mid-run

    const second = await startServer(env);
    // Wait (bounded) for the job on the restarted server to give back what the crash left behind.
    let books = await seatBooks(db.url);
    const until = Date.now() + 30_000;
    while (books.differing.length > 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 500));
      books = await seatBooks(db.url);
    }
    const orphans = await query<{ n: string }>(db.url, `select count(*) as n from supplier_orders where abandoned_at is not null`);
    console.log(`kill -9 after ${acks.length} of ${N} bookings acknowledged (${unanswered} cut, ${refused.length} refused: ${[...new Set(refused.map((r) => r.status))].join(',') || 'none'}); `
      + `${orphans[0].n} orphan order(s) canceled after restart; seats sold ${books.sold} vs live passengers ${books.live}`);
    expect(books.differing).toEqual([]);
    expect(books.sold).toBe(books.live);
    // No held supplier order without its live booking.
    expect(await query(db.url, `
      select o.pnr from supplier_orders o where o."order"->>'status' in ('booked', 'ticketed')
      and not exists (select 1 from bookings b where b.pnr = o.pnr and b.status in ('booked', 'ticketed', 'requested', 'pending'))`)).toEqual([]);

    // Every acknowledged booking is there, as answered.
    const saved = await query<{ id: number; pnr: string; status: string }>(db.url, `select id, pnr, status from bookings where id = any($1)`, [acks.map((a) => a.id)]);
    expect(saved.length).toBe(acks.length);
    for (const a of acks) {
      const row = saved.find((s) => s.id === a.id)!;
      expect(row.pnr).toBe(a.pnr);
      expect(row.status).toBe(a.wallet ? 'ticketed' : 'booked');
    }
    // The wallet: one debit per ticketed booking, none doubled, and the balance is the sum of its entries.
    expect(await query(db.url, `select type, reference, count(*) from ledger_transactions group by type, reference having count(*) > 1`)).toEqual([]);
    expect(await query(db.url, `
      select b.pnr from bookings b where b.payment_method = 'wallet' and b.status = 'ticketed' and b.user_id = $1
      and (select count(*) from ledger_transactions t where t.reference = 'booking:' || b.pnr) <> 1`, [agentRow.id])).toEqual([]);
    const [wallet] = await query<{ balance: string; entries: string }>(db.url, `
      select w.balance_minor as balance, (select coalesce(sum(e.amount_minor), 0) from ledger_entries e where e.account = 'wallet' and e.agent_id = w.agent_id) as entries
      from wallets w where w.agent_id = $1`, [agentRow.id]);
    expect(wallet.balance).toBe(wallet.entries);

    // The restarted server answers a retry of an acknowledged booking with that booking (Idempotency-Key).
    const retry = new ProcessClient(second.base);
    cleanups.push(() => retry.close());
    await retry.login('agent@demo.safar');
    const firstWallet = acks.find((a) => a.wallet)!;
    const again = await retry.post('/api/bookings', {
      flight_id: offers[firstWallet.i % offers.length].id, supplier: 'safar', main_contact: contact, travellers: [traveller('Crash')], payment_method: 'wallet',
    }, { 'idempotency-key': `crash-${firstWallet.i}-${first.port}` });
    expect(failed(again) ? again : { status: again.status, id: again.body.data?.id }).toEqual({ status: 200, id: firstWallet.id });
    await second.kill();
  }, 150_000);
});

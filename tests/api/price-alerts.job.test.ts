import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayInZone } from '../../contract/flights';
import { moneyText } from '../../contract/format/money';
import { PRICE_ALERT_MESSAGES, type PriceAlert } from '../../contract/price-alerts';
import { notifications, priceAlerts, users } from '../../server/db/schema';
import { checkPriceAlerts } from '../../server/price-alerts/job';
import { IDENTITIES, mailsTo, setupApi } from '../support/api';
import { keysOf, lowestOf, offersOf, sell } from '../support/price-alerts';

/**
 * The daily job against the embedded supplier's real prices: seats sold by others raise a route's fares, released
 * they fall back; a flight with no seat left leaves the search. The mail is read from the test's outbox.
 */
const api = await setupApi();
const today = todayInZone('Etc/GMT+12', api.ctx.clock.now);
const day = (n: number) => addDays(today, n);
const customerEmail = IDENTITIES.customer;
const alertMails = async (to: string) => (await mailsTo(api.db, to)).filter((m) => m.kind.startsWith('price-alert'));
const alertsOf = async (id: number) => api.db.select().from(priceAlerts).where(eq(priceAlerts.id, id));
/** The in-app notices an alert gave its owner (the mail is the one above; these are the bell's). */
const noticesOf = async (id: number) => (await api.db.select().from(notifications).where(eq(notifications.subjectType, 'price_alert')))
  .filter((n) => n.subjectId === id);

/** Sells seats on every flight of the search until its lowest price is at least 10 % up; the call gives them back. */
async function raiseLowest(query: Record<string, string | number>) {
  const c = await api.as('anonymous');
  const offers = await offersOf(c, query);
  const before = lowestOf(offers);
  for (const seats of [20, 40, 60, 80]) {
    const release = await sell(api.ctx, keysOf(offers), seats);
    const now = await offersOf(c, query);
    if (now.length && lowestOf(now) * 100 >= before * 110) return { before, raised: lowestOf(now), release };
    await release();
  }
  throw new Error('selling seats did not raise the price');
}

describe('the daily price-alert job', () => {
  it('mails once when the lowest price falls by 5 % or more, with a link that reopens the search and one to unsubscribe', async () => {
    const query = { origin: 'ISB', destination: 'DXB', departure_date: day(44) };
    const { before, raised, release } = await raiseLowest(query);
    const customer = await api.as('customer');
    const created = await customer.post('/api/price-alerts', { ...query, adults: 1, cabin_class: 'Y' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const alert = created.body.data as PriceAlert;
    expect(alert.price!.amount).toBe((raised / 100).toFixed(2));
    await release();

    const mailsBefore = (await alertMails(customerEmail)).length;
    await checkPriceAlerts(api.ctx);
    const mails = await alertMails(customerEmail);
    expect(mails.length).toBe(mailsBefore + 1);
    const [mail] = mails;
    expect(mail.kind).toBe('price-alert-drop');
    expect(mail.subject).toBe(`Price drop: ISB → DXB now ${moneyText(before, 'PKR')}`);
    expect(mail.textBody).toContain(`fell from ${moneyText(raised, 'PKR')} to ${moneyText(before, 'PKR')}`);
    expect(mail.textBody).toContain(`${api.ctx.config.appUrl}/flight/search?flightType=one-way&origin=ISB&destination=DXB&departure_date=${day(44)}&adults=1&cabin_class=Y`);
    const [row] = await alertsOf(alert.id);
    expect([row.noticeMinor, row.seenMinor, row.checkedOn]).toEqual([before, before, todayInZone('UTC', api.ctx.now())]);

    const [notice] = await noticesOf(alert.id);
    expect(notice).toMatchObject({ kind: 'price_dropped', link: `/flight/search?flightType=one-way&origin=ISB&destination=DXB&departure_date=${day(44)}&adults=1&cabin_class=Y` });
    expect(notice.params).toEqual({ route: `ISB-DXB ${day(44)}`, amount: (before / 100).toFixed(2), currency: 'PKR' });

    // The same day again (a second tick, a second server): nothing more.
    await Promise.all([checkPriceAlerts(api.ctx), checkPriceAlerts(api.ctx)]);
    expect((await alertMails(customerEmail)).length).toBe(mailsBefore + 1);
    expect(await noticesOf(alert.id)).toHaveLength(1);

    // The signed link works signed out, once or twice; a forged or altered one is refused.
    const link = /\/price-alerts\/unsubscribe\?token=([\w.]+)/.exec(mail.textBody)![1];
    const guest = await api.as('anonymous');
    expect((await guest.get('/api/price-alerts/unsubscribe', { token: `${alert.id + 1}${link.slice(String(alert.id).length)}` })).status).toBe(404);
    expect((await guest.get('/api/price-alerts/unsubscribe', { token: `${alert.id}.${'0'.repeat(64)}` })).body).toEqual({ message: PRICE_ALERT_MESSAGES.badLink });
    expect((await guest.get('/api/price-alerts/unsubscribe', { token: '' })).status).toBe(404);
    expect(await alertsOf(alert.id)).toHaveLength(1);
    const done = await guest.get('/api/price-alerts/unsubscribe', { token: link });
    expect([done.status, done.body.message]).toEqual([200, PRICE_ALERT_MESSAGES.unsubscribed]);
    expect(await alertsOf(alert.id)).toHaveLength(0);
    expect((await guest.get('/api/price-alerts/unsubscribe', { token: link })).status).toBe(200);
  });

  it('does not mail a price that moved less than 5 %, and looks again the next day', async () => {
    const agent = await api.as('agent');
    const created = await agent.post('/api/price-alerts', { origin: 'LHE', destination: 'JED', departure_date: day(50), adults: 1, cabin_class: 'Y' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    await api.db.update(priceAlerts).set({ noticeMinor: Math.round((await alertsOf(id))[0].noticeMinor! * 1.04) }).where(eq(priceAlerts.id, id));
    await checkPriceAlerts(api.ctx);
    expect(await alertMails(IDENTITIES.agent)).toHaveLength(0);
    const [row] = await alertsOf(id);
    expect(row.checkedAt).not.toBeNull();
    // A look the next day still compares with the price the owner was last told of.
    await api.db.update(priceAlerts).set({ checkedOn: day(-1) }).where(eq(priceAlerts.id, id));
    await checkPriceAlerts(api.ctx);
    expect(await alertMails(IDENTITIES.agent)).toHaveLength(0);
    expect((await alertsOf(id))[0].noticeMinor).toBe(row.noticeMinor);
  });

  it("mails when the watched fare sells out, in the owner's language", async () => {
    await api.db.update(users).set({ locale: 'ar' }).where(eq(users.email, customerEmail));
    const customer = await api.as('customer');
    const query = { origin: 'KHI', destination: 'MCT', departure_date: day(38), adults: 1, cabin_class: 'Y' };
    const created = await customer.post('/api/price-alerts', query);
    expect(created.status).toBe(201);
    const [row] = await alertsOf(created.body.data.id);
    const watched = (await offersOf(customer, query)).filter((o) => o.journeys.flatMap((j) => j.segments.map((s) => `${s.flight_number}@${s.departure_at.slice(0, 10)}`)).join(' ') === row.fareKey);
    expect(watched).toHaveLength(1);
    await sell(api.ctx, keysOf(watched), 5_000);

    const mailsBefore = (await alertMails(customerEmail)).length;
    await checkPriceAlerts(api.ctx);
    const mails = await alertMails(customerEmail);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails[0].kind).toBe('price-alert-sold-out');
    expect(mails[0].subject).toContain('نفدت مقاعد الرحلة التي تتابعها');
    expect(mails[0].htmlBody).toContain('dir="rtl"');
    expect(mails[0].textBody).toContain('/flight/search?flightType=one-way&origin=KHI&destination=MCT');
    const [after] = await alertsOf(row.id);
    expect(after.fareKey).not.toBe(row.fareKey);
    expect((await noticesOf(row.id)).map((n) => n.kind)).toEqual(['fare_sold_out']);
    await api.db.update(users).set({ locale: 'en' }).where(eq(users.email, customerEmail));
  });

  it('removes an alert whose dates have passed', async () => {
    const customer = await api.as('customer');
    const created = await customer.post('/api/price-alerts', { origin: 'KHI', destination: 'BAH', departure_date: day(3), adults: 1, cabin_class: 'Y' });
    expect(created.status).toBe(201);
    const saved = api.ctx.clock.now;
    api.ctx.clock.now = new Date(saved.getTime() + 5 * 86_400_000);
    try {
      await checkPriceAlerts(api.ctx);
    } finally {
      api.ctx.clock.now = saved;
    }
    expect(await alertsOf(created.body.data.id)).toHaveLength(0);
  });
});

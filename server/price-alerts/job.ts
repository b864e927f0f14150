/**
 * The daily look at every watched search: priced again for its owner, and a mail when the lowest price has fallen
 * by DROP_PERCENT or more below the price the owner was last told of, or when the watched fare has sold out.
 * Each alert is claimed for the day by a conditional update before it is priced, so a second run that day, or a
 * second server, takes it no more and mails nothing twice; the mail and the alert's new prices commit together.
 * An alert whose dates have passed is removed. A look that fails (a supplier not answering) gives the claim back.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { DROP_PERCENT } from '../../contract/price-alerts';
import { todayInZone } from '../../contract/flights';
import type { AppContext } from '../context';
import { priceAlerts, users } from '../db/schema';
import { jobs } from '../jobs';
import { enqueueMail } from '../mail/outbox';
import { notify } from '../notifications/service';
import { toMoney } from '../../contract/money';
import { pricingFor } from '../pricing';
import { fareSoldOutMail, priceDropMail } from './mails';
import { fareStillSold, quoteWatch } from './quote';
import { searchPathOf, unsubscribeUrl, watchOf, type AlertRow } from './service';

/** The watch as a notice names it: "KHI-DXB 2027-03-01", a return's second day after it, or the month. */
const routeOf = (w: ReturnType<typeof watchOf>) =>
  [`${w.origin}-${w.destination}`, w.departure_date ?? w.month, w.return_date].filter(Boolean).join(' ');

/** Alerts taken per run; the rest wait for the next tick of the same day. */
const BATCH = 200;

/** The last day the watch covers: its return or departure, or the month's last day. */
const lastDay = (r: AlertRow) => r.returnDate ?? r.departureDate ?? `${r.month}-31`;

export async function checkPriceAlerts(ctx: AppContext): Promise<{ checked: number; mailed: number }> {
  const now = ctx.now();
  const today = todayInZone('UTC', now);
  const notToday = or(isNull(priceAlerts.checkedOn), lt(priceAlerts.checkedOn, today));
  const due = await ctx.db.select({ id: priceAlerts.id, checkedOn: priceAlerts.checkedOn }).from(priceAlerts).where(notToday).orderBy(priceAlerts.id).limit(BATCH);
  let checked = 0, mailed = 0;
  for (const { id, checkedOn } of due) {
    const [row] = await ctx.db.update(priceAlerts).set({ checkedOn: today }).where(and(eq(priceAlerts.id, id), notToday)).returning();
    if (!row) continue; // another run took it today
    if (lastDay(row) < todayInZone('Etc/GMT+12', now)) {
      await ctx.db.delete(priceAlerts).where(eq(priceAlerts.id, id));
      continue;
    }
    try {
      if (await checkOne(ctx, row)) mailed++;
      checked++;
    } catch (err) {
      ctx.log.warn({ err, alert: id }, 'price alert not checked');
      await ctx.db.update(priceAlerts).set({ checkedOn }).where(and(eq(priceAlerts.id, id), eq(priceAlerts.checkedOn, today)));
    }
  }
  return { checked, mailed };
}

/** One alert, already claimed for today; true when its owner was mailed. */
async function checkOne(ctx: AppContext, row: AlertRow): Promise<boolean> {
  const [owner] = await ctx.db.select().from(users).where(and(eq(users.id, row.userId), eq(users.status, 'active'))).limit(1);
  if (!owner) return false;
  const watch = watchOf(row);
  const pricing = await pricingFor(ctx.db, owner);
  const quote = await quoteWatch(ctx, watch, pricing);
  const soldOut = row.fareKey !== null && !(await fareStillSold(ctx, watch, row.fareKey, quote, pricing));
  const dropped = quote.lowestMinor !== null && row.noticeMinor !== null && quote.lowestMinor * 100 <= row.noticeMinor * (100 - DROP_PERCENT);
  const mail = dropped || soldOut;
  const now = ctx.now();
  const currency = quote.currency ?? row.currency;
  await ctx.db.transaction(async (tx) => {
    await tx.update(priceAlerts).set({
      seenMinor: quote.lowestMinor, fareKey: quote.fareKey, currency, checkedAt: now,
      // The owner is told of the new price by the mail; a watch that started with nothing on sale starts here.
      noticeMinor: mail || row.noticeMinor === null ? quote.lowestMinor : row.noticeMinor,
      ...(mail ? { mailedAt: now } : {}),
    }).where(eq(priceAlerts.id, row.id));
    if (!mail) return;
    const facts = {
      name: owner.name, watch, currency, fromMinor: row.noticeMinor, nowMinor: quote.lowestMinor,
      searchUrl: `${ctx.config.appUrl}${searchPathOf(row, owner.role, now)}`, unsubscribeUrl: unsubscribeUrl(ctx, row.id),
    };
    await enqueueMail(tx, owner.email, dropped ? priceDropMail(owner.locale, facts) : fareSoldOutMail(owner.locale, facts));
    // The same news in the app, leading to the same search; the mail above already told them.
    await notify(tx, ctx, [{ id: owner.id, email: owner.email, name: owner.name, locale: owner.locale }], {
      kind: dropped ? 'price_dropped' : 'fare_sold_out', subject: { type: 'price_alert', id: row.id },
      link: searchPathOf(row, owner.role, now), dedupeKey: `price-alert:${row.id}:${todayInZone('UTC', now)}`, alreadyMailed: owner.email,
      params: { route: routeOf(watch), ...(dropped && quote.lowestMinor !== null ? toMoney(quote.lowestMinor, currency) : {}) },
    });
  });
  return mail;
}

/** Hourly ticks; each alert is looked at once a day (claimed per alert, so safe on every server). */
if (!jobs.some((j) => j.name === 'price-alerts')) {
  jobs.push({ name: 'price-alerts', everyMs: 60 * 60_000, run: (ctx) => checkPriceAlerts(ctx) });
}

/**
 * Quotations: an agent (for its customer) or staff pick one or more offers; each is priced now for the sender,
 * kept as sent, and mailed through the outbox with a link to a printable view.
 */
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FlightOfferDetail } from '../../contract/flights';
import { parseMinor } from '../../contract/money';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { quotes } from '../db/schema';
import { notFound, validationError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { pricingFor, withAgentMarkup } from '../pricing';
import { flightSuppliers } from '../bookings/suppliers';
import { valuesIn, type Values } from '../documents/values';

export interface QuoteRequest { offers: { flight_id: string; supplier: string }[]; email: string; name?: string | null; note?: string | null; markup_minor: number; locale: 'en' | 'ar' }
export type QuoteRow = typeof quotes.$inferSelect;
export interface QuotedOffer { offer: FlightOfferDetail; markup_minor: number; total_minor: number }

export async function priceOffers(ctx: AppContext, user: SessionUser, req: Pick<QuoteRequest, 'offers' | 'markup_minor'>): Promise<QuotedOffer[]> {
  const pricing = await pricingFor(ctx.db, user);
  const out: QuotedOffer[] = [];
  for (const [i, o] of req.offers.entries()) {
    const supplier = flightSuppliers(ctx).get(o.supplier);
    if (!supplier) throw validationError({ [`offers.${i}.supplier`]: ['Unknown supplier.'] });
    const r = await supplier.getOffer(o.flight_id, { pricing });
    if (r.status === 'unknown') throw validationError({ [`offers.${i}.flight_id`]: ['This offer was not found. Please search again.'] });
    if (r.status === 'expired') throw validationError({ [`offers.${i}.flight_id`]: ['This offer has expired. Please search again.'] });
    const total = withAgentMarkup(parseMinor(r.offer.price.amount) ?? 0, req.markup_minor);
    out.push({ offer: r.offer, markup_minor: req.markup_minor, total_minor: total });
  }
  return out;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** A journey in one line: its airports, when it leaves (the airport's time), its flights. */
const journeyLine = (x: FlightOfferDetail['journeys'][number], say: Values, ar: boolean) =>
  `${say.ltr(`${x.origin}→${x.destination}`)} ${say.local(x.departure_at)} (${x.segments.map((s) => say.flight(s.airline.code, s.flight_number)).join(ar ? '، ' : ', ')}${x.stops ? `, ${x.stops} ${ar ? 'توقف' : 'stop(s)'}` : ''})`;

export function quoteLines(q: Pick<QuoteRow, 'offers' | 'currency'>, ar: boolean): string[] {
  const say = valuesIn(ar ? 'ar' : 'en');
  return (q.offers as QuotedOffer[]).map((o, i) => {
    const j = o.offer.journeys.map((x) => journeyLine(x, say, ar)).join(' · ');
    return `${i + 1}. ${o.offer.validating_airline.name}: ${j} — ${say.money(o.total_minor, o.offer.price.currency)}`;
  });
}

export async function sendQuote(ctx: AppContext, user: SessionUser, req: QuoteRequest): Promise<QuoteRow> {
  const offers = await priceOffers(ctx, user, req);
  const currency = offers[0]?.offer.price.currency ?? 'PKR';
  const reference = `Q${randomBytes(6).toString('hex').toUpperCase()}`;
  return ctx.db.transaction(async (tx) => {
    const [q] = await tx.insert(quotes).values({
      reference, createdBy: user.id, toEmail: req.email, toName: req.name || null, note: req.note || null, offers,
      totalMinor: Math.min(...offers.map((o) => o.total_minor)), currency, locale: req.locale, createdAt: ctx.now(),
    }).returning();
    const ar = req.locale === 'ar';
    const url = `${ctx.config.appUrl}/api/quotes/${reference}/print`;
    const lines = [
      ar ? `مرحباً ${req.name ?? ''}،` : `Hello ${req.name ?? ''},`.replace(' ,', ','),
      ar ? `هذا عرض الأسعار ${reference} للرحلات التي طلبتها (الأسعار قابلة للتغيير حتى الحجز):` : `Here is quotation ${reference} for the flights you asked about (fares may change until booked):`,
      ...quoteLines(q, ar),
      ...(req.note ? [req.note] : []),
    ];
    const html = printableQuote(q, user.name);
    await enqueueMail(tx, req.email, {
      kind: 'quote', subject: ar ? `عرض أسعار رحلات ${reference}` : `Flight quotation ${reference}`,
      text: [...lines, '', `${ar ? 'نسخة للطباعة' : 'Printable view'}: ${url}`, '', 'Safar'].join('\n'), html,
    });
    return q;
  });
}

export async function quoteByReference(ctx: AppContext, reference: string): Promise<QuoteRow> {
  const [q] = await ctx.db.select().from(quotes).where(eq(quotes.reference, reference.toUpperCase())).limit(1);
  if (!q) throw notFound('Quotation not found.');
  return q;
}

/** The printable page (also the mail's HTML body). */
export function printableQuote(q: QuoteRow, sender: string | null): string {
  const ar = q.locale === 'ar';
  const say = valuesIn(ar ? 'ar' : 'en');
  const t = ar
    ? { title: 'عرض أسعار رحلات', ref: 'المرجع', date: 'التاريخ', to: 'إلى', flight: 'الرحلة', dep: 'المغادرة', arr: 'الوصول', fare: 'السعر', pax: 'المسافرون', note: 'الأسعار قابلة للتغيير حتى إصدار الحجز.', by: 'أعدّه' }
    : { title: 'Flight quotation', ref: 'Reference', date: 'Date', to: 'To', flight: 'Flight', dep: 'Departs', arr: 'Arrives', fare: 'Fare', pax: 'Passengers', note: 'Fares may change until the booking is made.', by: 'Prepared by' };
  const offers = (q.offers as QuotedOffer[]).map((o, i) => {
    const rows = o.offer.journeys.flatMap((j) => j.segments).map((s) => `<tr><td><bdi dir="ltr">${escape(say.flight(s.airline.code, s.flight_number))}</bdi> · ${escape(s.airline.name)}</td><td><bdi dir="ltr">${escape(s.origin.code)}</bdi> ${escape(say.local(s.departure_at))}</td><td><bdi dir="ltr">${escape(s.destination.code)}</bdi> ${escape(say.local(s.arriving_at))}</td></tr>`).join('');
    const p = o.offer.passengers;
    return `<section><h2>${i + 1}. ${escape(o.offer.validating_airline.name)} — ${escape(say.money(o.total_minor, o.offer.price.currency))}</h2>
<p>${t.pax}: ${p.adults} ADT${p.children ? ` · ${p.children} CNN` : ''}${p.infants ? ` · ${p.infants} INF` : ''} · ${escape(o.offer.cabin_class)} · ${escape(o.offer.fare_family)}</p>
<table><thead><tr><th>${t.flight}</th><th>${t.dep}</th><th>${t.arr}</th></tr></thead><tbody>${rows}</tbody></table></section>`;
  }).join('\n');
  return `<!doctype html><html lang="${q.locale}" dir="${ar ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${t.title} ${escape(q.reference)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-inline-size:48rem;color:#1d2733;line-height:1.5}h1{margin:0}table{inline-size:100%;border-collapse:collapse;margin-block:.5rem 1.5rem}th,td{text-align:start;border-block-end:1px solid #d8dee6;padding:.35rem .5rem}section{break-inside:avoid}.meta{color:#566271}@media print{button{display:none}}</style></head>
<body><h1>Safar · ${t.title}</h1><p class="meta">${t.ref}: <strong><bdi dir="ltr">${escape(q.reference)}</bdi></strong> · ${t.date}: ${escape(say.dayOf(q.createdAt))} · ${t.to}: <bdi>${escape(q.toName ?? '')}</bdi> <bdi dir="ltr">&lt;${escape(q.toEmail)}&gt;</bdi>${sender ? ` · ${t.by}: <bdi>${escape(sender)}</bdi>` : ''}</p>
${offers}
${q.note ? `<p>${escape(q.note)}</p>` : ''}<p class="meta">${t.note}</p></body></html>`;
}

/** The latest quotations, of one sender or (null) of everyone. */
export function recentQuotes(db: DbOrTx, senderId: number | null, limit: number): Promise<QuoteRow[]> {
  return db.select().from(quotes).where(senderId === null ? undefined : eq(quotes.createdBy, senderId)).orderBy(desc(quotes.id)).limit(limit);
}

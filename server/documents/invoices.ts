/**
 * Invoices for flight and hotel bookings: billed to the agency (its name and code) for agent bookings, to the
 * contact otherwise; the lines are the fare's parts as stored, so the total is the figure every screen shows.
 */
import { formatMoney } from '../../contract/format/money';
import type { AppContext } from '../context';
import { agentSummaries } from '../agents/common';
import { loadBooking } from '../bookings/records';
import { tripAirports } from '../bookings/route';
import { loadHotelBooking } from '../hotels/service';
import { invoiceModel } from './invoice';
import { flightExtras, flightPaidLines, hotelExtras, hotelPaidLines, refundRows } from './paid-lines';
import { flightPaid, hotelPaid, lastPaidPayment } from './kinds';
import type { DocLang } from './model';
import { fileName, registerAttachment } from './registry';
import { words } from './strings';
import { valuesIn } from './values';
import { placeName } from '../reference';
import { bookedHotelIn } from '../hotels/names';
import { rateText } from '../pricing';
import type { Order } from '../suppliers/flight/types';

async function billedTo(ctx: AppContext, row: { channel: string; userId: number | null; contactEmail: string }) {
  if (row.channel !== 'agent' || row.userId === null) return row.contactEmail;
  const agent = (await agentSummaries(ctx.db, [row.userId])).get(row.userId);
  return agent ? `${agent.company_name ?? agent.name}${agent.agent_code ? ` (${agent.agent_code})` : ''}` : row.contactEmail;
}

/** Canceled, voided or expired bookings say so; otherwise the invoice shows paid or unpaid. */
const closed = (status: string, lang: DocLang) => (['canceled', 'voided', 'expired', 'rejected'].includes(status) ? words(lang).status[status] : undefined);

const pdf = async (filename: string, model: ReturnType<typeof invoiceModel>, lang: DocLang) => {
  const { renderPdf } = await import('./render');
  return { filename, contentType: 'application/pdf', content: await renderPdf(model, lang) };
};

/**
 * A flight's invoice; staff's copy also shows what the supplier charged in its own currency and the rate it was
 * sold at (customers and agents are billed in PKR only).
 */
const flightInvoice = (staff: boolean) => async (ctx: AppContext, id: number, lang: DocLang) => {
  const b = await loadBooking(ctx.db, { id });
  if (!b) return null;
  const r = b.row;
  const w = words(lang);
  const say = valuesIn(lang);
  const money = (minor: number) => say.money(minor, r.currency);
  const trip = w.flightItem(tripAirports(r).map((code) => placeName(code, code, lang)), say.day(r.departureDate));
  const pay = flightPaid(r) && r.paymentMethod === 'card' ? await lastPaidPayment(ctx, { bookingId: id }) : null;
  const remote = staff ? (r.supplierOrder as Order | null)?.remote : undefined;
  const extras = await flightExtras(ctx.db, r);
  const charged = flightPaidLines(r, extras, lang, `${trip} · ${w.base}`);
  const model = invoiceModel({
    number: `INV-${r.pnr}`,
    booking: { label: w.pnr, value: r.pnr },
    billedTo: await billedTo(ctx, r),
    issuedOn: r.createdAt,
    lines: charged.lines.map((l) => ({ item: l.item, amount: money(l.minor) })),
    total: money(charged.totalMinor),
    refunds: refundRows(extras, charged.totalMinor, lang, money),
    // The provider's payment reference is for staff (to find the payment); the customer's copy says how, in words.
    paid: flightPaid(r) ? { method: w.method[pay?.provider === 'jazzcash' ? 'jazzcash' : r.paymentMethod] ?? r.paymentMethod, ref: staff ? pay?.providerRef ?? null : null } : null,
    status: closed(r.status, lang),
    supplier: remote
      ? { price: say.ltr(formatMoney({ amount: remote.amount, currency: remote.currency })), rate: say.ltr(`1 ${remote.currency} = PKR ${rateText(remote.rate_micros)}`), order: remote.order_id ? say.ltr(`${r.supplier} ${remote.order_id}`) : null }
      : undefined,
  }, lang);
  return pdf(fileName('invoice', r.pnr, lang), model, lang);
};
registerAttachment('flight-invoice', flightInvoice(false));
registerAttachment('flight-invoice-staff', flightInvoice(true));

registerAttachment('hotel-invoice', async (ctx, id, lang) => {
  const row = await loadHotelBooking(ctx.db, { id });
  if (!row) return null;
  const w = words(lang);
  const say = valuesIn(lang);
  const money = (minor: number) => say.money(minor, row.currency);
  const pay = hotelPaid(row) && row.paymentMethod === 'card' ? await lastPaidPayment(ctx, { hotelBookingId: id }) : null;
  const { hotel } = bookedHotelIn(row.hotel as { id?: string; name: string }, { name: '' }, lang);
  const stay = `${w.hotelItem(hotel.name, row.nights)} (${say.day(row.checkIn)} – ${say.day(row.checkOut)})`;
  const extras = await hotelExtras(ctx.db, row);
  const charged = hotelPaidLines(row, extras, lang, stay);
  const model = invoiceModel({
    number: `INV-${row.reference}`,
    booking: { label: w.reference, value: row.reference },
    billedTo: await billedTo(ctx, row),
    issuedOn: row.createdAt,
    lines: charged.lines.map((l) => ({ item: l.item, amount: money(l.minor) })),
    total: money(charged.totalMinor),
    refunds: refundRows(extras, charged.totalMinor, lang, money),
    paid: hotelPaid(row) ? { method: w.method[pay?.provider === 'jazzcash' ? 'jazzcash' : row.paymentMethod] ?? row.paymentMethod } : null,
    status: closed(row.status, lang),
  }, lang);
  return pdf(fileName('invoice', row.reference, lang), model, lang);
});

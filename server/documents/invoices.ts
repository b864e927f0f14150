/**
 * Invoices for flight and hotel bookings: billed to the agency (its name and code) for agent bookings, to the
 * contact otherwise; the lines are the fare's parts as stored, so the total is the figure every screen shows.
 */
import { formatWholeMinor } from '../../contract/money';
import type { AppContext } from '../context';
import { agentSummaries } from '../agents/common';
import { loadBooking } from '../bookings/service';
import { tripAirports } from '../bookings/route';
import { loadHotelBooking } from '../hotels/service';
import { invoiceModel } from './invoice';
import { flightPaid, hotelPaid, lastPaidPayment } from './kinds';
import type { DocLang } from './model';
import { fileName, registerAttachment } from './registry';
import { words } from './strings';
import { placeName } from '../reference';
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
  const money = (minor: number) => formatWholeMinor(minor, r.currency, lang);
  const trip = w.flightItem(tripAirports(r).map((code) => placeName(code, code, lang)), r.departureDate);
  const pay = flightPaid(r) && r.paymentMethod === 'card' ? await lastPaidPayment(ctx, { bookingId: id }) : null;
  const remote = staff ? (r.supplierOrder as Order | null)?.remote : undefined;
  const model = invoiceModel({
    number: `INV-${r.pnr}`,
    booking: { label: w.pnr, value: r.pnr },
    billedTo: await billedTo(ctx, r),
    issuedOn: r.createdAt,
    lines: [
      { item: `${trip} · ${w.base}`, amount: money(r.baseMinor) },
      { item: w.taxes, amount: money(r.taxesMinor) },
      ...(r.agentMarkupMinor > 0 ? [{ item: w.markup, amount: money(r.agentMarkupMinor) }] : []),
    ],
    total: money(r.totalMinor),
    paid: flightPaid(r) ? { method: w.method[pay?.provider === 'jazzcash' ? 'jazzcash' : r.paymentMethod] ?? r.paymentMethod, ref: pay?.providerRef ?? null } : null,
    status: closed(r.status, lang),
    supplier: remote
      ? { price: `${remote.currency} ${remote.amount}`, rate: `1 ${remote.currency} = PKR ${rateText(remote.rate_micros)}`, order: remote.order_id ? `${r.supplier} ${remote.order_id}` : null }
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
  const money = (minor: number) => formatWholeMinor(minor, row.currency, lang);
  const pay = hotelPaid(row) && row.paymentMethod === 'card' ? await lastPaidPayment(ctx, { hotelBookingId: id }) : null;
  const model = invoiceModel({
    number: `INV-${row.reference}`,
    booking: { label: w.reference, value: row.reference },
    billedTo: await billedTo(ctx, row),
    issuedOn: row.createdAt,
    lines: [
      { item: `${w.hotelItem((row.hotel as { name: string }).name, row.nights)} (${row.checkIn} - ${row.checkOut})`, amount: money(row.totalMinor - row.taxesMinor) },
      { item: w.taxes, amount: money(row.taxesMinor) },
    ],
    total: money(row.totalMinor),
    paid: hotelPaid(row) ? { method: w.method[row.paymentMethod] ?? row.paymentMethod, ref: pay?.providerRef ?? null } : null,
    status: closed(row.status, lang),
  }, lang);
  return pdf(fileName('invoice', row.reference, lang), model, lang);
});

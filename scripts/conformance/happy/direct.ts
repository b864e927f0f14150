/**
 * Bookings made outside the site: staff enter one for the demo agent and reject it (no money moves); a pasted GDS
 * display is read into a preview; staff book a PNR in the embedded supplier as an agency's own terminal would,
 * the demo agent imports it and tickets it from its wallet, and staff give it back (settle, in ./flights). And a
 * quotation mailed to a customer. Entered, imported and quoted records stay in the history.
 */
import type { Happy } from './runner';
import { refundableOffers, settle } from './flights';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** 2026-06-12 → 12JUN, as a GDS display writes a date. */
const gdsDate = (iso: string) => `${iso.slice(8, 10)}${MONTHS[Number(iso.slice(5, 7)) - 1]}`;

export async function directBookings(h: Happy, agentId: number) {
  const entered = await h.data<{ id: number }>('reservation', 'POST /api/admin-booking', {
    agent_id: agentId, source: 'manual', airline_pnr: 'CF7QX2',
    segments: [{ airline: 'PK', flight_number: 'PK203', booking_class: 'Y', cabin: 'Y', date: h.day(40), origin: 'LHE', destination: 'JED', departure_time: '03:00', arrival_time: '06:20' }],
    passengers: [{ type: 'ADT', title: 'Mr', first_name: 'Hotel', last_name: `Conformance ${h.run}` }],
    fares: [{ type: 'ADT', base: '60000.00', taxes: '12500.00' }], margin: '0', note: h.name('entered by staff'),
  });
  await h.write('reservation', 'POST /api/update-booking', { id: entered.id, status: 'rejected', reason: h.name('rejected') });

  const [out, back] = [h.day(45), h.day(52)];
  const display = `RP/LHEPK2100/LHEPK2100            AA/SU  10MAY26/0912Z   CFRMNC
  1.CONFORMANCE/INDIA MR
  3  EK 623 Y ${gdsDate(out)} 5 LHEDXB HK1  0415 0640  ${gdsDate(out)}  E  EK/CFRMNC
  4  EK 624 Y ${gdsDate(back)} 6 DXBLHE HK1  2150 0155+1   E  EK/CFRMNC
TOTAL PKR 105000`;
  await h.write('reservation', 'POST /api/parse-pnr', { text: display });
}

export async function importedPnr(h: Happy, agentId: number) {
  const booked = await h.data<{ pnr: string }>('reservation', 'POST /api/supplier-console/pnrs', {
    origin: 'KHI', destination: 'DXB', date: h.day(35), cabin: 'Y', agent_id: agentId, agency: '',
    passengers: [{ type: 'ADT', title: 'Mr', first_name: 'Juliett', last_name: `Conformance ${h.run}`, dob: '1986-02-03', nationality: 'PK', passport: 'CF1234567' }],
  });
  const saved = await h.data<{ id: number }>('agent', 'POST /api/import-pnr', { source: 'supplier', pnr: booked.pnr, issue: false, note: h.name('imported') });
  try {
    await h.write('agent', 'POST /api/import-pnr/{id}/ticket', {}, { id: saved.id });
  } finally {
    await settle(h, [saved.id]);
  }
}

export async function quotation(h: Happy) {
  const [offer] = await refundableOffers(h, 'KHI', 'DXB', h.day(30));
  await h.write('agent', 'POST /api/send-sooper-quote', { offers: [{ flight_id: offer.id, supplier: offer.supplier }], email: h.email('quote'), name: h.name('Customer'), note: h.name('quotation'), markup: '0' });
}

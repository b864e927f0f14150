import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { setupApi, type TestClient } from '../support/api';
import { contact, dayFrom, firstOffer, freeSeat, fundAgent, offerBags, offerMaps, pax } from '../support/flight-extras';

/** A booking's seats and bags on its e-ticket (per passenger and flight) and its invoice (a line per paid extra). */
const api = await setupApi();

async function download(c: TestClient, path: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await api.app.request(path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const pdfText = async (bytes: Uint8Array) => (await extractText(bytes.slice(), { mergePages: true })).text;

describe('documents of a booking with seats and bags', () => {
  it('the e-ticket lists each passenger’s seat and bags per flight; the invoice a line per paid extra, adding up to the total', async () => {
    await fundAgent(api, 1_000_000_00, 'extras-docs');
    const agent = await api.as('agent');
    const offer = await firstOffer(agent, { origin: 'KHI', destination: 'DXB', departure_date: dayFrom(api, 31), adults: 2 });
    const [map] = await offerMaps(agent, offer.id);
    const [bag] = await offerBags(agent, offer.id);
    const paid = freeSeat(map, 'paid');
    const free = freeSeat(map, 'free');
    const res = await agent.post('/api/bookings', {
      flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax('Gul'), pax('Hamza')], payment_method: 'wallet',
      extras: {
        seats: [{ passenger: 0, segment_id: map.segment_id, designator: paid.designator }, { passenger: 1, segment_id: map.segment_id, designator: free.designator }],
        bags: [{ passenger: 1, segment_id: map.segment_id, service_id: bag.id, quantity: 2 }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body.data;
    const ticket = await download(agent, `/api/bookings/${b.id}/e-ticket.pdf`);
    expect(ticket.status).toBe(200);
    const text = await pdfText(ticket.bytes);
    expect(text).toContain('Seats and bags');
    expect(text).toContain(paid.designator);
    expect(text).toContain(free.designator);
    expect(text).toContain(`2 × ${bag.weight_kg} kg`);
    const invoice = await download(agent, `/api/bookings/${b.id}/invoice.pdf`);
    const lines = await pdfText(invoice.bytes);
    expect(lines).toContain(`Seat ${paid.designator}`);
    expect(lines).toContain(`Checked bag 2 × ${bag.weight_kg} kg`);
    expect(lines).not.toContain(`Seat ${free.designator}`);
    expect(lines.replace(/,/g, '')).toContain(`Total PKR ${Number(b.fare.total.amount)}`);
    const ar = await download(agent, `/api/bookings/${b.id}/e-ticket.pdf?lang=ar`);
    expect(await pdfText(ar.bytes)).toContain(paid.designator);
    if (process.env.EXTRAS_PDF_DIR) {
      for (const [name, bytes] of [['e-ticket', ticket.bytes], ['invoice', invoice.bytes], ['e-ticket-ar', ar.bytes]] as const) writeFileSync(`${process.env.EXTRAS_PDF_DIR}/${name}.pdf`, bytes);
    }
  }, 90_000); // the first search builds the embedded network, the first PDF loads its fonts
});

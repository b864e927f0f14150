/**
 * The back office's own records: an enquiry sent and marked handled by staff (the API deletes no enquiry: it stays,
 * handled); a support session the customer starts, relays a message to and ends while the analyst follows it; a
 * price alert the demo agent sets and removes.
 */
import type { Happy } from './runner';

export async function enquiry(h: Happy) {
  const lead = await h.data<{ id: number }>('anonymous', 'POST /api/leads', { source: 'contact', name: h.name('Enquirer'), email: h.email('enquiry'), message: h.name('enquiry') });
  await h.write('admin', 'PATCH /api/leads/{id}', { status: 'handled', staff_note: h.name('handled') }, { id: lead.id });
  await h.write('admin', 'PUT /api/leads/{id}', { status: 'handled', staff_note: h.name('handled, noted again') }, { id: lead.id });
}

export async function supportSession(h: Happy) {
  const mine = await h.data<{ code: string }>('customer', 'POST /api/support-sessions');
  try {
    const followed = await h.data<{ id: string }>('analyst', 'POST /api/support-sessions/join', { code: mine.code });
    await h.write('customer', 'POST /api/support-sessions/mine/events', {
      events: [{ type: 'state', tab: 'conformance', path: '/', actor: 'auth', machine: 'auth', time: Date.now(), event: { type: 'CONFORMANCE' }, value: 'idle', status: 'active' }],
    });
    await h.write('analyst', 'POST /api/support-sessions/{id}/end', undefined, { id: followed.id });
  } finally {
    await h.write('customer', 'POST /api/support-sessions/mine/end');
  }
}

export async function priceAlert(h: Happy) {
  const month = h.day(60).slice(0, 7);
  const alert = await h.data<{ id: number }>('agent', 'POST /api/price-alerts', { origin: 'KHI', destination: 'DXB', adults: 1, cabin_class: 'Y', month });
  await h.write('agent', 'DELETE /api/price-alerts/{id}', undefined, { id: alert.id });
}

/**
 * Hotels, insurance and visas, bought by the demo agent. A refundable hotel room booked by card, a new checkout
 * opened for it, then canceled. A policy on a plan made for the purpose, left unpaid with a new checkout opened (the
 * API cancels no policy). Two visa applications on a visa made for the purpose, with a scanned passport and a photo
 * each: one paid from the wallet, which staff take into review and reject, one by card left unpaid with a new
 * checkout opened (the API withdraws no application). The plan and the visa are deleted after (what was sold keeps
 * its own copy); the bookings, the policy and the applications with their documents stay in the history.
 */
import type { Happy } from './runner';
import { upload } from './files';
import { published } from './catalogue';

const contact = (h: Happy) => ({ email: h.email('stay'), phone: '+92 300 1234567', country: 'PK' });

interface Rate { id: string; refundable: boolean }

export async function hotelStay(h: Happy) {
  const [destination] = (await h.read<{ data: { id: string }[] }>('agent', '/api/hotel-destinations?q=Makkah')).data;
  if (!destination) throw new Error('GET /api/hotel-destinations?q=Makkah suggests no destination');
  const stay = { check_in: h.day(40), check_out: h.day(42), rooms: [{ adults: 1, children_ages: [] }] };
  const q = new URLSearchParams({ check_in: stay.check_in, check_out: stay.check_out, rooms: JSON.stringify(stay.rooms) });
  const hotels = (await h.read<{ data: { id: string }[] }>('agent', `/api/hotels?destination=${encodeURIComponent(destination.id)}&${q}&per_page=5`)).data;
  let rate: Rate | undefined;
  for (const hotel of hotels) {
    const detail = (await h.read<{ data: { rooms: { rates: Rate[] }[] } }>('agent', `/api/hotels/${encodeURIComponent(hotel.id)}?${q}`)).data;
    rate = detail.rooms.flatMap((r) => r.rates).find((r) => r.refundable);
    if (rate) break;
  }
  if (!rate) throw new Error('no hotel of the search has a refundable rate');
  const booking = await h.data<{ id: number }>('agent', 'POST /api/hotel-bookings', {
    rate_id: rate.id, ...stay, guests: [{ title: 'MR', first_name: 'Kilo', last_name: `Conformance ${h.run}` }], contact: contact(h),
    special_requests: h.name('stay'), payment_method: 'card',
  });
  try {
    await h.write('agent', 'POST /api/hotel-bookings/{id}/checkout', {}, { id: booking.id });
  } finally {
    await h.write('agent', 'POST /api/hotel-bookings/{id}/cancel', {}, { id: booking.id });
  }
}

export async function insurancePolicy(h: Happy) {
  const plan = await h.data<{ id: number }>('admin', 'POST /api/insurance-plans', published(h, 'insurance-plans'));
  try {
    const policy = await h.data<{ id: number }>('agent', 'POST /api/insurance-policies', {
      plan_id: plan.id, region: 'asia', start_date: h.day(40), end_date: h.day(46),
      travellers: [{ title: 'MR', first_name: 'Lima', last_name: `Conformance ${h.run}`, date_of_birth: '1990-05-01', passport_number: 'CF1234567', nationality: 'PK' }],
      contact: { email: h.email('policy'), phone: '+92 300 1234567' }, payment_method: 'card',
    });
    await h.write('agent', 'POST /api/insurance-policies/{id}/checkout', {}, { id: policy.id });
  } finally {
    await h.write('admin', 'DELETE /api/insurance-plans/{id}', undefined, { id: plan.id });
  }
}

export async function visaApplications(h: Happy) {
  const visa = await h.data<{ id: number }>('admin', 'POST /api/visas', published(h, 'visas'));
  const apply = async (name: string, payment_method: string) => {
    const documents = { passport: await upload(h, 'agent', 'document', 'pdf'), photo: await upload(h, 'agent', 'document') };
    return h.data<{ id: number }>('agent', 'POST /api/visa-applications', {
      visa_id: visa.id, travel_date: h.day(40), contact: contact(h), payment_method,
      travellers: [{ title: 'Mr', first_name: name, last_name: `Conformance ${h.run}`, dob: '1990-04-12', nationality: 'PK', passport_no: 'CF1234567', passport_expiry: h.day(3650), documents }],
    });
  };
  try {
    const paid = await apply('Oscar', 'wallet');
    await h.write('reservation', 'POST /api/visa-applications/{id}/status', { status: 'in_review' }, { id: paid.id });
    await h.write('reservation', 'POST /api/visa-applications/{id}/status', { status: 'rejected', reason: h.name('rejected') }, { id: paid.id });
    const unpaid = await apply('Papa', 'card');
    await h.write('agent', 'POST /api/visa-applications/{id}/checkout', {}, { id: unpaid.id });
  } finally {
    await h.write('admin', 'DELETE /api/visas/{id}', undefined, { id: visa.id });
  }
}

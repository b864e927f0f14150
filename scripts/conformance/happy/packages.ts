/**
 * Package departures and bookings on an umrah package made for the purpose: two departures added months ahead,
 * one changed and deleted; on the other the demo agent books one traveller from its wallet (staff confirm and
 * cancel it, the money coming back) and one by card (a new checkout opened, then staff cancel it). A departure
 * that was booked cannot be deleted, so the package is unpublished and stays, recognisable by its CONFORMANCE
 * title, with that departure and the two bookings canceled.
 */
import type { Happy } from './runner';
import { published } from './catalogue';

export async function packages(h: Happy) {
  const pkg = await h.data<{ id: number }>('admin', 'POST /api/umrah-packages', published(h, 'umrah-packages'));
  try {
    const departure = (days: number) => ({ kind: 'umrah', package_id: pkg.id, departure_date: h.day(days), seats_total: 10 });
    const spare = await h.data<{ id: number }>('admin', 'POST /api/package-departures', departure(90));
    await h.write('admin', 'PUT /api/package-departures/{id}', { ...departure(91), seats_total: 12 }, { id: spare.id });
    await h.write('admin', 'DELETE /api/package-departures/{id}', undefined, { id: spare.id });
    const booked = await h.data<{ id: number }>('admin', 'POST /api/package-departures', departure(60));
    await bookings(h, pkg.id, booked.id);
  } finally {
    await h.write('admin', 'PATCH /api/umrah-packages/{id}', { is_published: false }, { id: pkg.id });
  }
}

async function bookings(h: Happy, packageId: number, departureId: number) {
  const book = (name: string, payment_method: string) => h.data<{ id: number }>('agent', 'POST /api/package-bookings', {
    kind: 'umrah', package_id: packageId, departure_id: departureId, sharing: 'quad', payment_method,
    travellers: [{ title: 'Mr', first_name: name, last_name: `Conformance ${h.run}`, dob: '1985-04-12', nationality: 'PK', passport_no: 'CF1234567', passport_expiry: h.day(3650) }],
    contact: { email: h.email('umrah'), phone: '+92 300 1234567', country: 'PK' },
  });
  const paid = await book('Mike', 'wallet');
  try {
    await h.write('reservation', 'POST /api/package-bookings/{id}/confirm', undefined, { id: paid.id });
  } finally {
    await h.write('reservation', 'POST /api/package-bookings/{id}/cancel', undefined, { id: paid.id });
  }
  const unpaid = await book('November', 'card');
  try {
    await h.write('agent', 'POST /api/package-bookings/{id}/checkout', {}, { id: unpaid.id });
  } finally {
    await h.write('reservation', 'POST /api/package-bookings/{id}/cancel', undefined, { id: unpaid.id });
  }
}

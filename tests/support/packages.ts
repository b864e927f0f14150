import type { TestClient } from './api';

/** The umrah package made on each test server (the files a worker runs share this module, not their servers). */
const umrahPackages = new WeakMap<object, { id: number }>();

/** A departure of its own for a test (so tests never share seats), on one umrah package made for the test server. */
export async function umrahDeparture(admin: TestClient, seats: number, daysAhead: number) {
  const umrahPackage = umrahPackages.get(admin.app) ?? (await admin.post('/api/umrah-packages', {
    title: 'Economy Umrah', title_ar: 'عمرة اقتصادية', days: 15, makkah_hotel: 'Al Kiswah', makkah_nights: 8, madinah_hotel: 'Dar Al Eiman', madinah_nights: 6,
    hotel_stars: 3, departure_city: 'Karachi', departure_date: '2030-02-01', price_quad: '265000', price_triple: '289000', price_double: '320000', description: '<p>Visa</p>',
  })).body.data as { id: number };
  umrahPackages.set(admin.app, umrahPackage);
  const pkg = umrahPackage;
  const date = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.post('/api/package-departures', { kind: 'umrah', package_id: pkg.id, departure_date: date, seats_total: seats });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return { pkg, departure: res.body.data as { id: number; departure_date: string; return_date: string; seats_available: number } };
}

export const traveller = (i = 0, over: Record<string, unknown> = {}) => ({
  title: 'Mr', first_name: `Bilal${String.fromCharCode(65 + (i % 26))}`, last_name: 'Ahmed', dob: '1985-04-12', nationality: 'PK',
  passport_no: `AB${1234567 + i}`, passport_expiry: '2035-01-01', ...over,
});

export function packageBody(pkgId: number, departureId: number, n: number, over: Record<string, unknown> = {}) {
  return {
    kind: 'umrah', package_id: pkgId, departure_id: departureId, sharing: 'quad',
    travellers: Array.from({ length: n }, (_, i) => traveller(i)),
    contact: { email: 'pilgrim@example.com', phone: '+92 300 1234567', country: 'PK' }, payment_method: 'card', ...over,
  };
}

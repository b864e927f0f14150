import type { TFunction } from 'i18next';
import type { PackageBooking } from '../../../contract/package-bookings';
import type { Trip } from '../trips/trips';
import { i18n } from '../../i18n';
import { listPackageBookings } from './api';
import './strings';

/** A package booking as a trip of My trips: the package's name in the reader's language, the place, the dates. */
export function packageTrip(r: PackageBooking, t: TFunction, lng: string): Trip {
  return {
    kind: 'package', id: r.id, reference: r.reference, status: r.status, travelDate: r.return_date, startDate: r.departure_date, endDate: r.return_date,
    total: r.total, travellers: r.travellers.length, href: `/package-booking?reference=${encodeURIComponent(r.reference)}`,
    item: {
      icon: r.kind === 'umrah' ? 'moon' : 'sun',
      title: (lng === 'ar' && r.package.title_ar) || r.package.title,
      subtitle: (lng === 'ar' && r.package.place_ar) || r.package.place || null,
      statusLabel: t(`packageBookings.status.${r.status}`),
      detail: `${t('packageBookings.travellerCount', { count: r.travellers.length })} · ${t(`packageBookings.sharing.${r.sharing}`)}`,
    },
  };
}

/** My trips' source of package bookings (the server lists the reader's own). */
export const packageTrips = async (signal: AbortSignal, t: TFunction): Promise<Trip[]> =>
  (await listPackageBookings({ page: 1, per_page: 100, q: '', filters: {} }, signal)).data.map((r) => packageTrip(r, t, i18n.language));

import { PackageBookingsList } from './List';

/**
 * /admin/package-bookings: every package booking; a row opens the booking, where staff who manage bookings confirm
 * or cancel it.
 */
export default function AdminPackageBookings() {
  return <PackageBookingsList title="packageBookings.adminTitle" subtitle="packageBookings.adminSubtitle" detailsPath="/admin/package-booking" />;
}

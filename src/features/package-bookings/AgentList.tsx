import { PackageBookingsList } from './List';

/** /agent/package-bookings: the holidays and Umrah packages the agency and its users booked; a row opens the booking. */
export default function AgentPackageBookings() {
  return <PackageBookingsList title="packageBookings.agentTitle" subtitle="packageBookings.agentSubtitle" detailsPath="/agent/package-booking" />;
}

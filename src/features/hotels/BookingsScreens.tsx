import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { HotelBookingListRow } from '../../../contract/hotels';
import { useRecord } from '../../ui/records';
import { listBookingAgents } from '../bookings/api';
import { HotelBookingsList } from './BookingsList';
import './strings';

/** The hotel booking lists of the agent portal and the back office; the route table loads them by name. */

const openIn = (base: string) => (r: HotelBookingListRow) => `${base}?reference=${encodeURIComponent(r.reference)}`;

/** /agent/hotel-bookings: the agent's own hotel bookings. */
export function AgentHotelBookings() {
  const { t } = useTranslation();
  return <HotelBookingsList title="hotels.lists.agentTitle" subtitle="hotels.lists.agentSubtitle" detailsHref={openIn('/agent/hotel-booking')}
    actions={<Link href="/agent/hotels" className="btn btn-primary">{t('hotels.lists.bookHotel')}</Link>} />;
}

/** /admin/hotel-bookings: every hotel booking, by agent, status, reference and check-in dates. */
export function AdminHotelBookings() {
  // Every agent, approved or not: a suspended agent's bookings are still to be found.
  const { data } = useRecord((_, signal) => listBookingAgents(signal));
  const agents = (data ?? []).map((a) => ({ value: String(a.id), label: `${a.company_name ?? a.name}${a.agent_code ? ` (${a.agent_code})` : ''}` }));
  return <HotelBookingsList title="hotels.lists.adminTitle" subtitle="hotels.lists.adminSubtitle" detailsHref={openIn('/admin/hotel-booking')} agents={agents} />;
}

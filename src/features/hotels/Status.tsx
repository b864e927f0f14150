import { useTranslation } from 'react-i18next';
import type { HotelBookingStatus } from '../../../contract/hotels';
import './booking-rows.css';
import './strings';

/** A hotel booking's status as a pill (the lists, the agent dashboard). */
export function HotelStatus({ status }: { status: HotelBookingStatus }) {
  const { t } = useTranslation();
  return <span className={`status-pill is-${status}`}>{t(`hotels.status.${status}`)}</span>;
}

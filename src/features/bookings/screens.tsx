import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { PageHeader, SelectInput, Submit, TextInput, useLoad, useMutation } from '../agents/kit';
import { BookingList } from './BookingList';
import { BookingDetailView } from './BookingDetail';
import { DirectForm, emptyPassenger, emptySegment } from './DirectForm';
import { ImportPnr } from '../pnr/ImportPnr';
import type { BookingRow } from './api';
import './bookings.css';

/** The booking-operations screens; the route table loads them by name. */

const adminDetails = (r: BookingRow) => (r.direct ? `/admin/direct-booking-details?id=${r.id}` : r.offline ? `/admin/booking-details-offline?id=${r.id}` : `/admin/booking-details?id=${r.id}`);
const agentDetails = (r: BookingRow) => (r.direct ? `/agent/direct-agent-booking-details?id=${r.id}` : r.offline ? `/agent/agent-booking-details-offline?id=${r.id}` : `/agent/pnr-details?pnr=${r.pnr}`);

/** Only the links the role may follow (accounts and analyst read bookings but neither import nor enter them). */
function StaffLinks() {
  const { t } = useTranslation();
  const role = useUser()?.role;
  return (
    <>
      {can(role, 'pnr.import') ? <Link href="/admin/import-pnr" className="btn btn-secondary">{t('pnr.title')}</Link> : null}
      {can(role, 'bookings.manage') ? <Link href="/admin/add-booking" className="btn btn-primary">{t('bookings.add.title')}</Link> : null}
    </>
  );
}

// ---- admin ------------------------------------------------------------------------------------------------
export function AdminBookings() {
  return <BookingList title="bookings.admin.title" subtitle="bookings.admin.subtitle" endpoint="/get-bookings" kind="agent" detailsHref={adminDetails} inlineActions actions={<StaffLinks />} />;
}
export function AdminCustomerBookings() {
  return <BookingList title="bookings.customer.title" subtitle="bookings.customer.subtitle" endpoint="/get-customer-bookings" detailsHref={(r) => `/admin/customer-booking-details?id=${r.id}`} inlineActions />;
}
export function VoidBookings() {
  return <BookingList title="bookings.voidQueue.title" subtitle="bookings.voidQueue.subtitle" endpoint="/get-bookings" kind="void-queue" onlyStatus="requested" detailsHref={adminDetails} inlineActions />;
}
export function DirectBookings() {
  return <BookingList title="bookings.direct.title" subtitle="bookings.direct.subtitle" endpoint="/get-admin-bookings" detailsHref={adminDetails} inlineActions actions={<StaffLinks />} />;
}
export function AgentDetailBookings() {
  return <BookingList title="bookings.agentDetail.title" endpoint="/get-bookings" kind="all" agentFromQuery detailsHref={adminDetails} inlineActions />;
}
export function AdminBookingDetails() {
  const { t } = useTranslation();
  return <BookingDetailView backHref="/admin/bookings" backLabel={t('bookings.back')} />;
}
export function AdminCustomerBookingDetails() {
  const { t } = useTranslation();
  return <BookingDetailView backHref="/admin/customer-bookings" backLabel={t('bookings.back')} />;
}
export function AdminDirectBookingDetails() {
  const { t } = useTranslation();
  return <BookingDetailView backHref="/admin/direct-bookings" backLabel={t('bookings.back')} />;
}
export function AddBooking() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('bookings.add.title')} subtitle={t('bookings.add.subtitle')} actions={<Link href="/admin/direct-bookings" className="btn btn-ghost">{t('bookings.back')}</Link>} />
      <DirectForm initial={{ source: 'manual', pnr: '', airline_pnr: '', segments: [emptySegment()], passengers: [emptyPassenger()], fares: [] }} endpoint="/admin-booking" detailsBase="/admin/direct-booking-details" />
    </section>
  );
}
export function AdminImportPnr() {
  return <ImportPnr area="admin" detailsBase="/admin/direct-booking-details" />;
}

interface Settings { mode: 'online' | 'offline'; void_charge: { amount: string; currency: string }; time_zone: string; updated_at: string | null }
export function BookingSettings() {
  const { t } = useTranslation();
  const { data, reload } = useLoad<Settings>('/get-booking-status-settings');
  const [mode, setMode] = useState('online');
  const [charge, setCharge] = useState('0.00');
  const [zone, setZone] = useState('Asia/Karachi');
  const { busy, errors, run } = useMutation();
  useEffect(() => { if (data) { setMode(data.mode); setCharge(data.void_charge.amount); setZone(data.time_zone); } }, [data]);
  async function save(e: FormEvent) {
    e.preventDefault();
    if (await run('/update-booking-status-settings', { method: 'POST', body: { mode, void_charge: charge, time_zone: zone } })) reload();
  }
  return (
    <section>
      <PageHeader title={t('bookingSettings.title')} subtitle={t('bookingSettings.subtitle')} />
      <form className="card form-card bk-rows" onSubmit={save} noValidate>
        <SelectInput name="mode" label={t('bookingSettings.mode')} value={mode} onChange={setMode} error={errors.mode}
          options={[{ value: 'online', label: t('bookingSettings.online') }, { value: 'offline', label: t('bookingSettings.offline') }]} />
        <p className="bk-note">{t(mode === 'online' ? 'bookingSettings.onlineHelp' : 'bookingSettings.offlineHelp')}</p>
        <TextInput name="void_charge" inputMode="decimal" dir="ltr" label={t('bookingSettings.voidCharge')} hint={t('bookingSettings.voidChargeHint')} value={charge} onChange={setCharge} error={errors.void_charge} />
        <TextInput name="time_zone" dir="ltr" label={t('bookingSettings.timeZone')} hint={t('bookingSettings.timeZoneHint')} value={zone} onChange={setZone} error={errors.time_zone} />
        <div className="form-actions"><Submit busy={busy}>{t('bookingSettings.save')}</Submit></div>
      </form>
    </section>
  );
}

// ---- agent ------------------------------------------------------------------------------------------------
export function AgentBookings() {
  const { t } = useTranslation();
  return <BookingList title="bookings.agent.title" subtitle="bookings.agent.subtitle" endpoint="/get-bookings" detailsHref={agentDetails} inlineActions actions={<Link href="/agent/agent-import-pnr" className="btn btn-secondary">{t('pnr.agentTitle')}</Link>} />;
}
export function DirectAgentBookings() {
  return <BookingList title="bookings.agentDirect.title" subtitle="bookings.agentDirect.subtitle" endpoint="/get-admin-bookings" detailsHref={agentDetails} />;
}
export function AgentBookingDetail() {
  const { t } = useTranslation();
  return <BookingDetailView backHref="/agent/agent-bookings" backLabel={t('bookings.back')} printHref={(b) => `/agent/agent-booking-details?id=${b.id}&print=1`} />;
}
export function DirectAgentBookingDetail() {
  const { t } = useTranslation();
  return <BookingDetailView backHref="/agent/direct-agent-bookings" backLabel={t('bookings.back')} />;
}
export function AgentImportPnr() {
  return <ImportPnr area="agent" detailsBase="/agent/direct-agent-booking-details" />;
}
export { Quotation } from './Quotation';

import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { BookingSettingsInput } from '../../../contract/booking-ops';
import { PageHeader } from '../../ui/page';
import { SelectInput, Submit, TextInput } from '../../ui/fields';
import { useResourceForm } from '../../ui/forms';
import { BookingList } from './BookingList';
import { BookingDetailView } from './BookingDetail';
import { DirectForm, emptyPassenger, emptySegment } from './DirectForm';
import { ImportPnr } from '../pnr/ImportPnr';
import { pnrImportActors } from '../pnr/api';
import { pnrImportMachine } from '../../../machines/pnr-import';
import { useMachineScreen } from '../../ui/machines';
import { getBookingSettings, saveBookingSettings, type BookingRow } from './api';
import './bookings.css';

/** The booking-operations screens; the route table loads them by name. */

const adminDetails = (r: BookingRow) => (r.direct ? `/admin/direct-booking-details?id=${r.id}` : r.offline ? `/admin/booking-details-offline?id=${r.id}` : `/admin/booking-details?id=${r.id}`);
/** An agent has one page per booking, whatever its kind: the one with its actions. */
const agentDetails = (r: BookingRow) => `/agent/pnr-details?id=${r.id}`;

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
  return <BookingList title="bookings.admin.title" subtitle="bookings.admin.subtitle" endpoint="online" kind="agent" detailsHref={adminDetails} inlineActions actions={<StaffLinks />} />;
}
export function AdminCustomerBookings() {
  return <BookingList title="bookings.customer.title" subtitle="bookings.customer.subtitle" endpoint="customer" detailsHref={(r) => `/admin/customer-booking-details?id=${r.id}`} inlineActions />;
}
export function VoidBookings() {
  return <BookingList title="bookings.voidQueue.title" subtitle="bookings.voidQueue.subtitle" endpoint="online" kind="void-queue" tabs={['requested', 'refund_requested']} refundColumn detailsHref={adminDetails} inlineActions />;
}
export function DirectBookings() {
  return <BookingList title="bookings.direct.title" subtitle="bookings.direct.subtitle" endpoint="direct" detailsHref={adminDetails} inlineActions actions={<StaffLinks />} />;
}
export function AgentDetailBookings() {
  return <BookingList title="bookings.agentDetail.title" endpoint="online" kind="all" agentFromQuery detailsHref={adminDetails} inlineActions />;
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
  const [state, send] = useMachineScreen(pnrImportMachine, { actors: pnrImportActors('staff'), input: { detailsBase: '/admin/direct-booking-details', byHand: true } });
  return (
    <section>
      <PageHeader title={t('bookings.add.title')} subtitle={t('bookings.add.subtitle')} actions={<Link href="/admin/direct-bookings" className="btn btn-ghost">{t('bookings.back')}</Link>} />
      <DirectForm initial={{ source: 'manual', pnr: '', airline_pnr: '', segments: [emptySegment()], passengers: [emptyPassenger()], fares: [] }}
        busy={state.matches('submitting')} errors={state.context.fieldErrors} onSubmit={(body) => send({ type: 'SUBMIT', body })} />
    </section>
  );
}
export function AdminImportPnr() {
  return <ImportPnr area="admin" detailsBase="/admin/direct-booking-details" />;
}

export function BookingSettings() {
  const { t } = useTranslation();
  const form = useResourceForm({
    schema: BookingSettingsInput,
    load: async (_, signal) => { const d = await getBookingSettings(signal); return { mode: d.mode, void_charge: d.void_charge.amount, refund_charge: d.refund_charge.amount, reissue_charge: d.reissue_charge.amount, time_zone: d.time_zone, hold_minutes: String(d.hold_minutes) }; },
    save: ({ values }, signal) => saveBookingSettings(values, signal).then((r) => ({ message: r.message })),
  }, { values: { mode: 'online', void_charge: '0.00', refund_charge: '0.00', reissue_charge: '0.00', time_zone: 'Asia/Karachi', hold_minutes: '15' }, load: true });
  const { values, errors, busy } = form;
  const mode = values.mode;
  return (
    <section>
      <PageHeader title={t('bookingSettings.title')} subtitle={t('bookingSettings.subtitle')} />
      <form className="card form-card bk-rows" onSubmit={form.submit} noValidate aria-busy={form.loading}>
        <SelectInput name="mode" label={t('bookingSettings.mode')} value={mode} onChange={form.set('mode')} error={errors.mode}
          options={[{ value: 'online', label: t('bookingSettings.online') }, { value: 'offline', label: t('bookingSettings.offline') }]} />
        <p className="bk-note">{t(mode === 'online' ? 'bookingSettings.onlineHelp' : 'bookingSettings.offlineHelp')}</p>
        <TextInput name="void_charge" inputMode="decimal" dir="ltr" label={t('bookingSettings.voidCharge')} hint={t('bookingSettings.voidChargeHint')} value={values.void_charge} onChange={form.set('void_charge')} error={errors.void_charge} />
        <TextInput name="refund_charge" inputMode="decimal" dir="ltr" label={t('bookingSettings.refundCharge')} hint={t('bookingSettings.refundChargeHint')} value={values.refund_charge} onChange={form.set('refund_charge')} error={errors.refund_charge} />
        <TextInput name="reissue_charge" inputMode="decimal" dir="ltr" label={t('bookingSettings.reissueCharge')} hint={t('bookingSettings.reissueChargeHint')} value={values.reissue_charge} onChange={form.set('reissue_charge')} error={errors.reissue_charge} />
        <TextInput name="hold_minutes" inputMode="numeric" dir="ltr" label={t('bookingSettings.holdMinutes')} hint={t('bookingSettings.holdMinutesHint')} value={values.hold_minutes} onChange={form.set('hold_minutes')} error={errors.hold_minutes} />
        <TextInput name="time_zone" dir="ltr" label={t('bookingSettings.timeZone')} hint={t('bookingSettings.timeZoneHint')} value={values.time_zone} onChange={form.set('time_zone')} error={errors.time_zone} />
        <div className="form-actions"><Submit busy={busy}>{t('bookingSettings.save')}</Submit></div>
      </form>
    </section>
  );
}

// ---- agent ------------------------------------------------------------------------------------------------
export function AgentBookings() {
  const { t } = useTranslation();
  return <BookingList title="bookings.agent.title" subtitle="bookings.agent.subtitle" endpoint="online" detailsHref={agentDetails} inlineActions actions={<Link href="/agent/agent-import-pnr" className="btn btn-secondary">{t('pnr.agentTitle')}</Link>} />;
}
export function DirectAgentBookings() {
  return <BookingList title="bookings.agentDirect.title" subtitle="bookings.agentDirect.subtitle" endpoint="direct" detailsHref={agentDetails} />;
}
export function AgentBookingDetail() {
  const { t } = useTranslation();
  return <BookingDetailView backHref="/agent/agent-bookings" backLabel={t('bookings.back')} />;
}
export function AgentImportPnr() {
  return <ImportPnr area="agent" detailsBase="/agent/pnr-details" />;
}
export { Quotation } from './Quotation';

import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { titleText } from '../../../contract/titles';
import type { PackageBooking } from '../../../contract/package-bookings';
import { can } from '../../../contract/permissions';
import { isStaff } from '../../../contract/roles';
import { useUser } from '../../app/auth';
import { translateServer } from '../../i18n';
import { Alert } from '../../ui/alert';
import { Deadline, formatDate, formatMoney } from '../../ui/format';
import { useRecord } from '../../ui/records';
import { actOnPackageBooking, packageBooking } from './api';
import { guestEmailFor } from './guest-email';
import { ReaderText } from '../public/catalogue/localized';
import { PackagePlace, UmrahHotels } from './place';
import { TraceLink } from '../flows/TraceLink';
import '../flights/flights.css';
import './package-bookings.css';
import './strings';
// "Back to My trips" is My trips' own string: its section comes with it.
import '../trips/strings';

/**
 * /package-booking?reference=…&email=… (the mails' link; customers from My trips; agents at
 * /agent/package-booking; staff at /admin/package-booking): the booking on the record machine, paying again while it is held, and for staff who
 * manage bookings Confirm (a paid booking) and Cancel (refunded in full), each asked once more before it runs.
 */
export default function PackageBookingPage() {
  const { t, i18n } = useTranslation();
  const qs = new URLSearchParams(useSearch());
  const reference = qs.get('reference') ?? qs.get('id') ?? '';
  const email = qs.get('email') ?? guestEmailFor(reference);
  const record = useRecord<PackageBooking>((_, signal) => packageBooking(reference, email, signal), reference,
    async (a, signal) => ({ message: (await actOnPackageBooking(reference, a.action as 'confirm' | 'cancel', signal)).message }));
  const { snapshot, send, data: b } = record;
  const role = useUser()?.role;
  const manage = isStaff(role) && can(role, 'bookings.manage');
  const lng = i18n.language;
  const back = isStaff(role) ? { href: '/admin/package-bookings', label: t('packageBookings.backToList') }
    : role === 'agent' ? { href: '/agent/package-bookings', label: t('packageBookings.backToList') }
      : role === 'customer' ? { href: '/my-trips', label: t('trips.back') } : null;

  if (!reference) return <div className="flights-page"><div className="card state-card"><h1>{t('packageBookings.missingBooking')}</h1><Link href="/find-booking" className="btn btn-primary">{t('packageBookings.findBooking')}</Link></div></div>;
  if (record.failed) {
    const failure = snapshot.context.failure?.notice;
    return (
      <div className="flights-page"><div className="card state-card" role="alert">
        <h1>{failure?.text ? translateServer(failure.text) : t('errors.generic')}</h1>
        <button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button>
      </div></div>
    );
  }
  if (!b) return <div className="flights-page" aria-busy="true"><span className="spinner-lg" aria-hidden="true" /></div>;
  const pending = snapshot.context.pending?.action;
  const asking = snapshot.matches('confirming') || snapshot.matches('acting');
  return (
    <div className="flights-page pk-detail">
      <section className="card" data-testid="package-booking">
        <p className="muted"><bdi dir="ltr">{b.reference}</bdi></p>
        <h1><ReaderText en={b.package.title} ar={b.package.title_ar} /></h1>
        <p><span className={`pk-status is-${b.status}`} data-testid="package-status">{t(`packageBookings.status.${b.status}`)}</span> <span className="muted">{t(`packageBookings.statusHelp.${b.status}`)}</span></p>
        {b.status === 'pending_payment' && b.hold_expires_at ? <p className="notice-inline" data-testid="package-hold"><Deadline at={b.hold_expires_at} sentence="packageBookings.heldUntil" /></p> : null}
        <dl className="pk-facts">
          <div><dt>{t(b.kind === 'umrah' ? 'packageBookings.departureCity' : 'packageBookings.destination')}</dt><dd><PackagePlace item={b.package} /></dd></div>
          {b.package.hotels ? <div><dt>{t('packageBookings.hotels')}</dt><dd data-testid="package-hotels"><UmrahHotels hotels={b.package.hotels} /></dd></div> : null}
          <div><dt>{t('packageBookings.departure')}</dt><dd>{formatDate(b.departure_date, lng)} – {formatDate(b.return_date, lng)}</dd></div>
          <div><dt>{t('packageBookings.sharingLabel')}</dt><dd>{t(`packageBookings.sharing.${b.sharing}`)}</dd></div>
          <div><dt>{t('packageBookings.perPerson')}</dt><dd>{formatMoney(b.per_person, lng)}</dd></div>
          <div><dt>{t('packageBookings.total')}</dt><dd><strong>{formatMoney(b.total, lng)}</strong></dd></div>
          <div><dt>{t('packageBookings.payment')}</dt><dd>{t(`packageBookings.method.${b.payment.method}`)}{b.refund ? ` · ${t('packageBookings.refunded', { amount: formatMoney(b.refund, lng) })}` : ''}</dd></div>
        </dl>
        <h2>{t('packageBookings.travellers')}</h2>
        <ul className="pk-names">{b.travellers.map((p, i) => <li key={i} dir="auto">{titleText(p.title, i18n.language)} {p.first_name} {p.last_name} <span className="muted" dir="ltr">{p.passport_no}</span></li>)}</ul>
        <p className="muted"><bdi dir="ltr">{b.contact.email}</bdi> · <bdi dir="ltr">{b.contact.phone}</bdi></p>
        <div className="pk-actions">
          {b.status === 'pending_payment' && b.payment.checkout_url ? <a className="btn btn-primary" href={b.payment.checkout_url} data-testid="pay-again">{t('packageBookings.payNow')}</a> : null}
          {manage && b.status === 'paid' && !asking ? <button type="button" className="btn btn-primary" onClick={() => send({ type: 'ACT', action: 'confirm', confirm: true })} data-testid="confirm-booking">{t('packageBookings.confirm')}</button> : null}
          {manage && ['pending_payment', 'paid', 'confirmed'].includes(b.status) && !asking ? <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'ACT', action: 'cancel', confirm: true })} data-testid="cancel-booking">{t('packageBookings.cancel')}</button> : null}
          <TraceLink reference={b.reference} kind="package" />
          {back ? <Link href={back.href} className="btn btn-ghost">{back.label}</Link> : null}
        </div>
        {asking ? (
          <Alert testId="act-confirm"
            primary={{ label: t('packageBookings.yes'), onClick: () => send({ type: 'CONFIRM' }), testId: 'act-yes', disabled: snapshot.matches('acting') }}
            secondary={{ label: t('packageBookings.no'), onClick: () => send({ type: 'CANCEL' }), disabled: snapshot.matches('acting') }}>
            <p>{pending === 'cancel' ? t('packageBookings.cancelQuestion', { amount: formatMoney(b.payment.status === 'paid' ? b.total : { amount: '0.00', currency: b.total.currency }, lng) }) : t('packageBookings.confirmQuestion')}</p>
          </Alert>
        ) : null}
      </section>
    </div>
  );
}

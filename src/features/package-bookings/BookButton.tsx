import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { PackageKind } from '../../../contract/package-bookings';
import './strings';

/** The details pages' way into booking online, above the enquiry form (which stays for questions). */
export function BookPackageCard({ kind, id }: { kind: PackageKind; id: number }) {
  const { t } = useTranslation();
  return (
    <section className="card pk-book-card" data-testid="book-package">
      <h2>{t('packageBookings.bookOnline')}</h2>
      <p className="muted">{t('packageBookings.bookOnlineLead')}</p>
      <Link href={`/package/book?kind=${kind}&id=${id}`} className="btn btn-primary" data-testid="book-package-link">{t('packageBookings.book')}</Link>
    </section>
  );
}

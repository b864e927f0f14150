import { useTranslation } from 'react-i18next';
import type { PackageHotels } from '../../../contract/package-bookings';
import { ReaderText } from '../public/catalogue/localized';

/** A package's place (a holiday's destination, an umrah package's departure city) in the reader's language. */
export function PackagePlace({ item }: { item: { place: string; place_ar?: string | null } }) {
  return item.place ? <ReaderText en={item.place} ar={item.place_ar} /> : <>—</>;
}

/** An umrah package's hotels, Makkah's then Madinah's, each in the reader's language. */
export function UmrahHotels({ hotels }: { hotels: PackageHotels }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="pk-hotel"><span className="pk-hotel-city">{t('catalogue.fields.makkah_hotel')}</span><ReaderText en={hotels.makkah} ar={hotels.makkah_ar} /></span>
      <span className="pk-hotel"><span className="pk-hotel-city">{t('catalogue.fields.madinah_hotel')}</span><ReaderText en={hotels.madinah} ar={hotels.madinah_ar} /></span>
    </>
  );
}


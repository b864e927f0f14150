import { useTranslation } from 'react-i18next';
import type { HotelDestination } from '../../../contract/hotels';
import { destinationSuggestMachine } from '../../../machines/destination-suggest';
import type { DestinationValue } from '../../../machines/hotel-search-form';
import { useMachine } from '../../app/actors';
import { SuggestField } from '../../ui/SuggestField';
import { Icon } from '../../ui/Icon';
import { destinationActors } from './api';

/** A country code in the reader's language ("SA" → "Saudi Arabia", "السعودية"). */
function regionName(code: string, lang: string): string {
  try { return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code; } catch { return code; }
}

const suggestMachine = destinationSuggestMachine.provide({ actors: destinationActors });

/** A city or a hotel, chosen from the list (the value is its id); the look-up is the destination-suggest machine's. */
export function DestinationField({ value, onChange, error }: { value: DestinationValue | null; onChange: (v: DestinationValue | null) => void; error?: string | null }) {
  const { t, i18n } = useTranslation();
  const [suggest, send] = useMachine(suggestMachine);
  const name = (d: HotelDestination) => (i18n.language === 'ar' && d.name_ar ? d.name_ar : d.name);
  const country = (d: HotelDestination) => regionName(d.country_code || d.country, i18n.language);
  const comma = i18n.language === 'ar' ? '، ' : ', ';
  return (
    <SuggestField<HotelDestination, DestinationValue>
      label={t('hotels.search.destination')} value={value} onChange={onChange} error={error} testId="hotel-destination" className="destination-field"
      suggest={suggest.context} send={send} keyOf={(d) => d.id}
      toValue={(d) => ({ id: d.id, label: d.kind === 'hotel' ? `${name(d)}${comma}${d.city}` : `${name(d)}${comma}${country(d)}` })}
      foundText={(count) => t('hotels.search.destinationsFound', { count })}
      renderOption={(d) => (
        <>
          <span className="airport-code" aria-hidden="true"><Icon name={d.kind === 'hotel' ? 'hotel' : 'pin'} size={18} /></span>
          <span className="airport-text">
            <strong>{name(d)}</strong>
            <small>{d.kind === 'hotel' ? `${d.city}${comma}${country(d)}` : [country(d), d.hotel_count ? t('hotels.search.hotelCount', { count: d.hotel_count }) : ''].filter(Boolean).join(' · ')}</small>
          </span>
        </>
      )}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { airportSuggestMachine } from '../../../machines/airport-suggest';
import { useMachine } from '../../app/actors';
import { SuggestField } from '../../ui/SuggestField';
import { searchAirports, type AirportOption } from './airports-api';
import { countryName, useAirportName, usePlaceName } from '../../i18n/places';

export type { AirportValue } from '../../../machines/flight-search-form';
import type { AirportValue } from '../../../machines/flight-search-form';

const suggestMachine = airportSuggestMachine.provide({
  actors: { lookUp: fromPromise(({ input, signal }: { input: { q: string }; signal: AbortSignal }) => searchAirports(input.q, signal)) },
});

/** Airport autocomplete; the value is the IATA code. The combobox is SuggestField's, the look-up the airport-suggest machine's. */
export function AirportField({ label, value, onChange, error, testId }: { label: string; value: AirportValue | null; onChange: (v: AirportValue | null) => void; error?: string | null; testId?: string }) {
  const { t, i18n } = useTranslation();
  const place = usePlaceName();
  const airport = useAirportName();
  const [suggest, send] = useMachine(suggestMachine);
  return (
    <SuggestField<AirportOption, AirportValue>
      label={label} value={value} onChange={onChange} error={error} testId={testId} suggest={suggest.context} send={send}
      toValue={(a) => ({ code: a.code, label: `${place(a.code, a.city || a.name)} (${a.code})` })} keyOf={(a) => a.code}
      foundText={(count) => t('flights.search.airportsFound', { count })}
      renderOption={(a) => (
        <>
          <span className="airport-code">{a.code}</span>
          <span className="airport-text"><strong>{place(a.code, a.city || a.name)}</strong><small>{airport(a)}{a.country ? `${i18n.language === 'ar' ? '، ' : ', '}${countryName(a.country, i18n.language)}` : ''}</small></span>
        </>
      )}
    />
  );
}

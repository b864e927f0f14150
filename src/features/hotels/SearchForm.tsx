import { useEffect, useRef, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../contract/flight-choices';
import { HOTEL_LIMITS } from '../../../contract/hotel-rules';
import { hotelSearchFormMachine, type HotelSearchParams } from '../../../machines/hotel-search-form';
import type { HotelRole } from '../../../machines/hotel-booking';
import { useMachine } from '../../app/actors';
import { translateServer } from '../../i18n';
import { DateRangeFields } from '../../components/date-picker/DatePicker';
import { DestinationField } from './DestinationField';
import { RoomsPicker } from './RoomsPicker';
import { hotelResultsPath, stayHref } from './paths';
import { loadPreviousHotelSearch, savePreviousHotelSearch } from './previous-search';
import '../../ui/form.css';
import '../flights/flights.css';
import './hotels.css';

const todayIso = () => new Date().toISOString().slice(0, 10);

/** Hotel search: destination, check-in and check-out, rooms; the rules and messages are the hotel-search-form machine's. */
export function HotelSearchForm({ role, initial, compact = false, onSearch }: { role: HotelRole; initial?: HotelSearchParams | null; compact?: boolean; onSearch?: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [form, send, formActor] = useMachine(hotelSearchFormMachine, { input: { initial: initial ?? loadPreviousHotelSearch(), today: todayIso() } });
  const { form: f, errors, incomplete } = form.context;
  const min = todayIso();
  const msg = (k: string) => { const m = errors[k]; return m ? (m.text ? translateServer(m.text) : t(m.key!)) : null; };
  const onValid = useRef<(q: HotelSearchParams) => void>(null);
  onValid.current = (q) => {
    savePreviousHotelSearch(q);
    onSearch?.();
    // Start the search now, while the results screen mounts (it sees the same stay and does not search again).
    void import('./flow').then(({ hotelFlowActor }) => {
      hotelFlowActor(role).send({ type: 'SEARCH', query: q });
      navigate(stayHref(hotelResultsPath(role), q));
    });
  };
  useEffect(() => {
    const sub = formActor.on('search', (e) => onValid.current?.(e.query));
    return () => sub.unsubscribe();
  }, [formActor]);
  const submit = (e: FormEvent) => { e.preventDefault(); send({ type: 'SUBMIT' }); };

  return (
    <form className={`flight-search hotel-search${compact ? ' is-compact' : ''}`} onSubmit={submit} noValidate aria-label={t('hotels.search.title')}>
      <div className="search-row hotel-search-row">
        <DestinationField value={f.destination} onChange={(destination) => send({ type: 'SET', patch: { destination } })} error={msg('destination')} />
        <DateRangeFields
          startLabel={t('hotels.search.checkIn')} endLabel={t('hotels.search.checkOut')} start={f.checkIn} end={f.checkOut}
          min={min} max={addDays(min, HOTEL_LIMITS.maxDaysAhead + HOTEL_LIMITS.maxNights)}
          errors={{ start: msg('checkIn'), end: msg('checkOut') }} onChange={(r) => send({ type: 'SET', patch: { checkIn: r.start, checkOut: r.end } })}
        />
      </div>
      <div className="search-row search-row-end">
        <RoomsPicker
          rooms={f.rooms} errorOf={msg} setRoom={(index, room) => send({ type: 'SET_ROOM', index, room })}
          addRoom={() => send({ type: 'ADD_ROOM' })} removeRoom={(index) => send({ type: 'REMOVE_ROOM', index })}
        />
        <button type="submit" className="btn btn-primary search-submit" data-testid="hotel-search-submit">{t('hotels.search.submit')}</button>
      </div>
      {incomplete ? <p className="form-alert" role="alert">{t('hotels.search.incomplete')}</p> : null}
    </form>
  );
}

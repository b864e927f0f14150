import { useTranslation } from 'react-i18next';
import { HOTEL_LIMITS } from '../../../contract/hotel-rules';
import { NO_AGE, type RoomForm } from '../../../machines/hotel-search-form';
import { PartyField, Stepper } from '../../ui/party';

/** Rooms (up to nine), each with adults, children and every child's age; the rules and their messages are the form machine's. */
export function RoomsPicker({ rooms, setRoom, addRoom, removeRoom, errorOf }: {
  rooms: RoomForm[]; setRoom: (index: number, room: RoomForm) => void; addRoom: () => void; removeRoom: (index: number) => void;
  errorOf: (field: string) => string | null;
}) {
  const { t, i18n } = useTranslation();
  const guests = rooms.reduce((n, r) => n + r.adults + r.children_ages.length, 0);
  const problems = rooms.flatMap((r, i) => [errorOf(`rooms.${i}.adults`), errorOf(`rooms.${i}.children_ages`), ...r.children_ages.map((_, j) => errorOf(`rooms.${i}.children_ages.${j}`))]).filter(Boolean);
  const summaryError = errorOf('rooms') ?? (problems.length ? t('hotels.search.roomsProblem') : null);
  const stepper = (label: string, value: number, min: number, max: number, set: (n: number) => void, testId: string) => (
    <Stepper value={value} min={min} max={max} onChange={set} testId={testId} lessLabel={t('hotels.search.less', { what: label })} moreLabel={t('hotels.search.more', { what: label })} />
  );
  return (
    <PartyField
      label={t('hotels.search.roomsGuests')} error={summaryError} popoverClass="rooms-popover" dialogClass="rooms-dialog" testId="rooms-trigger"
      summary={<>{t('hotels.search.roomCount', { count: rooms.length })}{i18n.language === 'ar' ? '، ' : ', '}{t('hotels.search.guestCount', { count: guests })}</>}
    >
      <div className="rooms-list">
        {rooms.map((r, i) => (
          <fieldset key={i} className="room-box" data-testid={`room-${i}`}>
            <legend>{t('hotels.search.room', { n: i + 1 })}</legend>
            {rooms.length > 1 ? <button type="button" className="btn btn-ghost room-remove" onClick={() => removeRoom(i)}>{t('hotels.search.removeRoom')}</button> : null}
            <div className="pax-row">
              <span><strong>{t('hotels.search.adults')}</strong></span>
              {stepper(t('hotels.search.adults'), r.adults, 1, HOTEL_LIMITS.maxGuestsPerRoom, (adults) => setRoom(i, { ...r, adults }), `room-${i}-adults`)}
            </div>
            <div className="pax-row">
              <span><strong>{t('hotels.search.children')}</strong><small className="muted">{t('hotels.search.childrenHint', { max: HOTEL_LIMITS.maxChildAge })}</small></span>
              {stepper(t('hotels.search.children'), r.children_ages.length, 0, HOTEL_LIMITS.maxChildrenPerRoom,
                (n) => setRoom(i, { ...r, children_ages: n > r.children_ages.length ? [...r.children_ages, NO_AGE] : r.children_ages.slice(0, n) }), `room-${i}-children`)}
            </div>
            {r.children_ages.map((age, j) => (
              <label key={j} className="field child-age">
                <span className="field-label">{t('hotels.search.childAge', { n: j + 1 })}</span>
                <select className="field-input" value={age} data-testid={`room-${i}-child-${j}`} aria-invalid={!!errorOf(`rooms.${i}.children_ages.${j}`)}
                  onChange={(e) => setRoom(i, { ...r, children_ages: r.children_ages.map((a, k) => (k === j ? Number(e.target.value) : a)) })}>
                  <option value={NO_AGE}>{t('hotels.search.chooseAge')}</option>
                  {Array.from({ length: HOTEL_LIMITS.maxChildAge + 1 }, (_, a) => <option key={a} value={a}>{t('hotels.search.years', { count: a })}</option>)}
                </select>
                {errorOf(`rooms.${i}.children_ages.${j}`) ? <span className="field-error">{errorOf(`rooms.${i}.children_ages.${j}`)}</span> : null}
              </label>
            ))}
            {[errorOf(`rooms.${i}.adults`), errorOf(`rooms.${i}.children_ages`)].filter(Boolean).map((m) => <p key={m} className="field-error">{m}</p>)}
          </fieldset>
        ))}
        {rooms.length < HOTEL_LIMITS.maxRooms ? (
          <button type="button" className="btn btn-secondary" onClick={addRoom} data-testid="add-room">+ {t('hotels.search.addRoom')}</button>
        ) : null}
      </div>
    </PartyField>
  );
}

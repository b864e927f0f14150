import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { choiceKey, extrasTotal, seatsOf, type SeatSelectionEvent, type seatSelectionMachine } from '../../../machines/seat-selection';
import { translateServer } from '../../i18n';
import { MoneyText } from '../../ui/format';
import { BagChooser } from './BagChooser';
import { SeatLegend, SeatMapGrid } from './SeatMapGrid';
import './extras.css';
import './strings';

type Snap = SnapshotFrom<typeof seatSelectionMachine>;

/**
 * The seats and bags picker: the passenger and the flight being chosen for, the cabin, that passenger's seat,
 * the bags of every passenger on that flight, and the total. Renders the seat-selection machine's snapshot and
 * sends its events; the buttons at its foot are the caller's (checkout hands the choices on, a booking buys them).
 * `routes` names each segment ("KHI → DXB") where the caller knows the itinerary.
 */
export function SeatsAndBags({ snap, send, routes, headingId }: {
  snap: Snap;
  send: (e: SeatSelectionEvent) => void;
  routes: Record<string, string>;
  headingId: string;
}) {
  const { t } = useTranslation();
  const c = snap.context;
  if (snap.matches('loading')) return <p className="muted" aria-live="polite"><span className="spinner" aria-hidden="true" /> {t('extras.loading')}</p>;
  if (snap.matches('loadFailed')) {
    return (
      <div className="form-alert" role="alert">
        <p>{c.failure?.notice?.text ? translateServer(c.failure.notice.text) : t('extras.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button>
      </div>
    );
  }
  if (!c.maps.length) return <p className="muted">{t('extras.noMaps')}</p>;
  const map = c.maps.find((m) => m.segment_id === c.segment) ?? c.maps[0];
  const pax = c.passengers[c.passenger];
  const mine = c.seats[choiceKey(c.passenger, map.segment_id)] ?? null;
  const others = Object.fromEntries(Object.entries(c.seats).flatMap(([k, d]) => {
    const [p, seg] = [Number(k.slice(0, k.indexOf('|'))), k.slice(k.indexOf('|') + 1)];
    return seg === map.segment_id && p !== c.passenger ? [[d, c.passengers[p]?.name ?? '']] : [];
  }));
  const mySeat = mine ? seatsOf(map).find((s) => s.designator === mine) : null;
  const routeOf = (segmentId: string, flightNumber: string) => routes[segmentId] ?? flightNumber;
  const busy = snap.matches('submitting');
  return (
    <div className="extras" aria-busy={busy}>
      <fieldset className="extras-choice">
        <legend>{t('extras.passenger')}</legend>
        <div className="extras-chips">
          {c.passengers.map((p, i) => (
            <label key={i} className={`extras-chip${i === c.passenger ? ' is-on' : ''}`}>
              <input type="radio" name={`${headingId}-pax`} checked={i === c.passenger} onChange={() => send({ type: 'PASSENGER', index: i })} data-testid={`extras-pax-${i}`} />
              <span><bdi>{p.name}</bdi> <span className="muted">({t(`extras.paxType.${p.type}`)})</span></span>
              <span className="extras-chip-seat">{c.seats[choiceKey(i, map.segment_id)] ? <bdi dir="ltr">{c.seats[choiceKey(i, map.segment_id)]}</bdi> : null}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {c.maps.length > 1 ? (
        <fieldset className="extras-choice">
          <legend>{t('extras.flight')}</legend>
          <div className="extras-chips">
            {c.maps.map((m) => (
              <label key={m.segment_id} className={`extras-chip${m.segment_id === map.segment_id ? ' is-on' : ''}`}>
                <input type="radio" name={`${headingId}-seg`} checked={m.segment_id === map.segment_id} onChange={() => send({ type: 'SEGMENT', segmentId: m.segment_id })} />
                <span><bdi dir="ltr">{m.flight_number}</bdi> · <bdi dir="ltr">{routeOf(m.segment_id, m.flight_number)}</bdi></span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {c.refusal ? <p className="form-alert" role="alert" data-testid="extras-refusal">{translateServer(c.refusal)}</p> : null}
      <section className="extras-seats" aria-labelledby={`${headingId}-seats`}>
        <h3 id={`${headingId}-seats`}>{t('extras.seatsFor', { name: pax?.name ?? '' })} · <bdi dir="ltr">{map.flight_number}</bdi> <span className="muted">{map.aircraft.name}</span></h3>
        {pax?.type === 'INF' ? <p className="muted">{t('extras.infantNoSeat')}</p> : null}
        <p className="extras-current" aria-live="polite" data-testid="extras-current">
          {mySeat ? <>{t('extras.seat.yours', { designator: mySeat.designator })} · {mySeat.price && Number(mySeat.price.amount) > 0 ? <MoneyText value={mySeat.price} /> : t('extras.seat.free')}</> : t('extras.seat.none')}
          {mine && mine !== c.held[choiceKey(c.passenger, map.segment_id)] ? <button type="button" className="btn btn-ghost btn-sm" onClick={() => send({ type: 'CLEAR_SEAT' })}>{t('extras.seat.clear')}</button> : null}
        </p>
        <SeatLegend />
        {map.cabins.map((cabin, i) => (
          <SeatMapGrid key={i} cabin={cabin} chosen={mine} others={others} onSeat={(designator) => send({ type: 'SEAT', designator })}
            label={t('extras.gridLabel', { flight: map.flight_number, name: pax?.name ?? '' })} />
        ))}
      </section>
      <section className="extras-bags" aria-labelledby={`${headingId}-bags`}>
        <h3 id={`${headingId}-bags`}>{t('extras.bags.title')} · <bdi dir="ltr">{routeOf(map.segment_id, map.flight_number)}</bdi></h3>
        <BagChooser options={c.bags.filter((b) => b.segment_id === map.segment_id)} passengers={c.passengers} quantities={c.bagQty}
          onChange={(passenger, serviceId, quantity) => send({ type: 'BAG', passenger, serviceId, quantity })} />
      </section>
      <p className="extras-total" data-testid="extras-total">{t('extras.total')}: <strong><MoneyText value={extrasTotal(c)} /></strong></p>
    </div>
  );
}

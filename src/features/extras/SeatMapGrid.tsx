import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatElement, SeatMapCabin, SeatMapRow } from '../../../contract/seat-maps';
import { formatMoney } from '../../ui/format';

/**
 * One cabin of a seat map as a grid the keyboard walks: the arrow keys move seat to seat (in Arabic the cabin is
 * drawn mirrored, so ArrowRight goes toward the row's start), Home/End to the row's ends, with Ctrl to the cabin's.
 * One seat at a time takes Tab (roving tabindex). Each seat is a button named with its designator, what it is like
 * and its price; a taken seat stays focusable (so it can be heard) but is aria-disabled. The cabin scrolls sideways
 * inside its own box when it is wider than the screen.
 */
export interface SeatGridProps {
  cabin: SeatMapCabin;
  /** The seat of the passenger being seated, drawn as chosen. */
  chosen: string | null;
  /** Seats chosen (or held) for the other passengers: designator → passenger name. */
  others: Record<string, string>;
  onSeat: (designator: string) => void;
  label: string;
}

const seatRow = (r: SeatMapRow) => r.number !== null;
const seatsIn = (r: SeatMapRow) => r.sections.flatMap((s) => s.elements.filter((e): e is SeatElement => e.type === 'seat'));
const letterOf = (designator: string) => designator.replace(/^\d+/, '');

export function SeatMapGrid({ cabin, chosen, others, onSeat, label }: SeatGridProps) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const comma = i18n.language === 'ar' ? '، ' : ', ';
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const matrix = useMemo(() => cabin.rows.filter(seatRow).map(seatsIn), [cabin]);
  // The widest seat row gives the columns: each section's seats with an aisle between sections.
  const widest = useMemo(() => cabin.rows.filter(seatRow).reduce<SeatMapRow | null>((w, r) => (!w || seatsIn(r).length > seatsIn(w).length ? r : w), null), [cabin]);
  const widths = widest?.sections.map((s) => s.elements.length) ?? [];
  const columns = ['var(--seat-head)', ...widths.flatMap((n, i) => [...Array<string>(n).fill('var(--seat-size)'), ...(i < widths.length - 1 ? ['var(--seat-aisle)'] : [])])].join(' ');
  const firstFree = matrix.flat().find((s) => s.available)?.designator ?? matrix[0]?.[0]?.designator ?? null;
  const [focused, setFocused] = useState<string | null>(null);
  const tabStop = focused ?? chosen ?? firstFree;

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = (e.target as HTMLElement).dataset.seat;
    if (!at) return;
    const r = matrix.findIndex((row) => row.some((s) => s.designator === at));
    const c = matrix[r].findIndex((s) => s.designator === at);
    const forward = rtl ? -1 : 1;
    const to = ((): [number, number] | null => {
      switch (e.key) {
        case 'ArrowRight': return [r, c + forward];
        case 'ArrowLeft': return [r, c - forward];
        case 'ArrowDown': return [r + 1, c];
        case 'ArrowUp': return [r - 1, c];
        case 'Home': return e.ctrlKey ? [0, 0] : [r, 0];
        case 'End': return e.ctrlKey ? [matrix.length - 1, Infinity] : [r, Infinity];
        default: return null;
      }
    })();
    if (!to) return;
    e.preventDefault();
    const row = matrix[Math.max(0, Math.min(matrix.length - 1, to[0]))];
    const seat = row[Math.max(0, Math.min(row.length - 1, to[1]))];
    setFocused(seat.designator);
    buttons.current.get(seat.designator)?.focus();
  };

  const nameOf = (s: SeatElement) => {
    const seatText = t('extras.seat.name', { designator: s.designator });
    if (others[s.designator]) return [seatText, t('extras.seat.chosenFor', { name: others[s.designator] })].join(comma);
    if (!s.available && s.designator !== chosen) return [seatText, t('extras.seat.taken')].join(comma);
    const traits = s.characteristics.filter((c) => c !== 'middle').map((c) => t(`extras.trait.${c}`));
    const price = s.price && Number(s.price.amount) > 0 ? formatMoney(s.price, i18n.language) : t('extras.seat.free');
    return [seatText, ...traits, price].join(comma);
  };

  return (
    <div className="seat-scroll" tabIndex={-1}>
      <div role="grid" aria-label={label} className="seat-grid" style={{ gridTemplateColumns: columns }} onKeyDown={move} data-testid="seat-grid">
        {widest ? (
          <div role="row" className="seat-row seat-letters">
            <span role="columnheader" className="seat-head" aria-label={t('extras.seat.row')} />
            {widest.sections.map((sec, i) => [
              ...sec.elements.map((el, j) => <span role="columnheader" key={`${i}-${j}`} className="seat-letter">{el.type === 'seat' ? letterOf(el.designator) : ''}</span>),
              ...(i < widest.sections.length - 1 ? [<span key={`a${i}`} className="seat-aisle" aria-hidden="true" />] : []),
            ])}
          </div>
        ) : null}
        {cabin.rows.map((row, ri) => {
          const wing = cabin.wings && ri >= cabin.wings.first_row_index && ri <= cabin.wings.last_row_index;
          const cls = `seat-row${wing ? ' is-wing' : ''}`;
          if (!seatRow(row)) {
            const exit = row.sections.every((s) => s.elements.every((e) => e.type === 'exit_row'));
            return (
              <div role="row" key={ri} className={`${cls} ${exit ? 'seat-exit-row' : 'seat-facility-row'}`}>
                <span role="gridcell" className="seat-head" />
                {row.sections.map((sec, si) => (
                  <span role="gridcell" key={si} className={`seat-facility is-${sec.elements[0]?.type ?? 'empty'}${si === 0 ? ' is-start' : ''}${si === row.sections.length - 1 ? ' is-end' : ''}`} style={{ gridColumn: `span ${(widths[si] ?? 1) + (si < row.sections.length - 1 ? 1 : 0)}` }}>
                    {sec.elements[0] && sec.elements[0].type !== 'empty' ? t(`extras.facility.${sec.elements[0].type}`) : ''}
                  </span>
                ))}
              </div>
            );
          }
          return (
            <div role="row" key={ri} className={cls}>
              <span role="rowheader" className="seat-head"><bdi dir="ltr">{row.number}</bdi></span>
              {row.sections.map((sec, si) => [
                ...sec.elements.map((el, ei) => {
                  if (el.type !== 'seat') return <span role="gridcell" key={`${si}-${ei}`} className={`seat-gap is-${el.type}`} />;
                  const mine = el.designator === chosen;
                  const other = !!others[el.designator];
                  const taken = !el.available && !mine;
                  const paid = !!el.price && Number(el.price.amount) > 0;
                  const kind = mine ? 'is-chosen' : other ? 'is-other' : taken ? 'is-taken' : paid ? 'is-paid' : 'is-free';
                  const extra = el.characteristics.includes('extra_legroom') ? ' has-legroom' : '';
                  const exitSeat = el.characteristics.includes('exit_row') ? ' is-exit' : '';
                  return (
                    <span role="gridcell" key={`${si}-${ei}`}>
                      <button
                        type="button" ref={(b) => { if (b) buttons.current.set(el.designator, b); else buttons.current.delete(el.designator); }}
                        className={`seat ${kind}${extra}${exitSeat}`} data-seat={el.designator} tabIndex={el.designator === tabStop ? 0 : -1}
                        aria-label={nameOf(el)} aria-pressed={mine} aria-disabled={taken || other || undefined}
                        onFocus={() => setFocused(el.designator)} onClick={() => { if (!taken && !other) onSeat(el.designator); }}
                      >
                        <span aria-hidden="true">{letterOf(el.designator)}</span>
                      </button>
                    </span>
                  );
                }),
                ...(si < row.sections.length - 1 ? [<span key={`a${si}`} className="seat-aisle" aria-hidden="true" />] : []),
              ])}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** What the colours and marks of the seat map mean. */
export function SeatLegend() {
  const { t } = useTranslation();
  const items = ['free', 'paid', 'chosen', 'other', 'taken', 'legroom', 'exit'] as const;
  return (
    <ul className="seat-legend" aria-label={t('extras.legend.title')}>
      {items.map((k) => <li key={k}><span className={`seat seat-swatch is-${k}${k === 'legroom' ? ' has-legroom is-free' : ''}${k === 'exit' ? ' is-exit is-free' : ''}`} aria-hidden="true" />{t(`extras.legend.${k}`)}</li>)}
    </ul>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Button, Calendar, CalendarCell, CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, Heading, I18nProvider } from 'react-aria-components';
import { CalendarDate, getLocalTimeZone, parseDate, today, type DateValue } from '@internationalized/date';
import { useTranslation } from 'react-i18next';
import type { DayNotes } from './day-notes';
import { NotedCell } from './NotedCell';
import { centuryStart, decadeStart, isDisabled, isoDate, isPeriodOutside, type DateRules, type View } from './rules';

/** The calendar of a DatePicker: days (React Aria's Calendar), months, years and decades. Loaded when it opens. */

const toDate = (s: string | null | undefined): CalendarDate | null => (isoDate(s) ? parseDate(s!) : null);

interface PanelProps { value: string | null; rules: DateRules; initialView: View; locale: string; onPick: (d: string) => void; notes?: DayNotes }

export default function CalendarPanel(props: PanelProps) {
  return <I18nProvider locale={props.locale}><Panel {...props} /></I18nProvider>;
}

function Panel({ value, rules, initialView, locale, onPick, notes }: PanelProps) {
  const { t } = useTranslation();
  const start = toDate(value) ?? toDate(rules.min ?? null) ?? today(getLocalTimeZone());
  const [view, setView] = useState<View>(initialView);
  const [focused, setFocused] = useState<CalendarDate>(new CalendarDate(start.year, start.month, start.day));
  const monthName = useMemo(() => new Intl.DateTimeFormat(locale, { month: 'short' }), [locale]);
  const num = useMemo(() => new Intl.NumberFormat(locale, { useGrouping: false }), [locale]);

  const up = () => setView(view === 'days' ? 'months' : view === 'months' ? 'years' : 'decades');
  const step = (dir: 1 | -1) => setFocused(
    view === 'months' ? focused.add({ years: dir }) : view === 'years' ? focused.add({ years: 10 * dir }) : focused.add({ years: 100 * dir }),
  );
  // The notes' owner hears which month the days show, and that they no longer do once the panel closes.
  const shownMonth = view === 'days' ? focused.toString().slice(0, 7) : null;
  const onMonth = notes?.onMonth;
  useEffect(() => { onMonth?.(shownMonth); }, [onMonth, shownMonth]);
  useEffect(() => () => onMonth?.(null), [onMonth]);
  const clamp = (y: number, m: number) => new CalendarDate(y, m, Math.min(focused.day, new CalendarDate(y, m, 1).calendar.getDaysInMonth(new CalendarDate(y, m, 1))));

  if (view === 'days') {
    return (
      <Calendar
        aria-label={t('datePicker.calendar')}
        value={toDate(value)}
        focusedValue={focused}
        onFocusChange={(d) => setFocused(new CalendarDate(d.year, d.month, d.day))}
        onChange={(d: DateValue) => onPick(d.toString().slice(0, 10))}
        minValue={toDate(rules.min ?? null) ?? undefined}
        maxValue={toDate(rules.max ?? null) ?? undefined}
        isDateUnavailable={(d) => isDisabled(d, rules)}
        className={notes ? 'date-calendar has-notes' : 'date-calendar'}
      >
        <header className="date-head">
          <Button slot="previous" className="date-nav" aria-label={t('datePicker.previous')}><span className="flip-rtl">‹</span></Button>
          <button type="button" className="date-heading-btn" onClick={up} aria-label={t('datePicker.chooseMonth')}><Heading className="date-heading" /></button>
          <Button slot="next" className="date-nav" aria-label={t('datePicker.next')}><span className="flip-rtl">›</span></Button>
        </header>
        <CalendarGrid className="date-grid">
          <CalendarGridHeader>{(day) => <CalendarHeaderCell className="date-dow">{day}</CalendarHeaderCell>}</CalendarGridHeader>
          <CalendarGridBody>{(date) => (notes
            ? <NotedCell date={date} note={notes.note(date.toString())} />
            : <CalendarCell date={date} className="date-cell" />)}</CalendarGridBody>
        </CalendarGrid>
        {notes?.legend ? <div className="date-legend">{notes.legend}</div> : null}
      </Calendar>
    );
  }

  let heading: string;
  let cells: { key: string; label: string; disabled: boolean; selected: boolean; pick: () => void }[];
  const selected = toDate(value);
  if (view === 'months') {
    heading = num.format(focused.year);
    cells = Array.from({ length: 12 }, (_, i) => {
      const m = i + 1;
      const first = new CalendarDate(focused.year, m, 1);
      const last = first.add({ months: 1 }).subtract({ days: 1 });
      return {
        key: `m${m}`, label: monthName.format(new Date(Date.UTC(2000, i, 15))), selected: !!selected && selected.year === focused.year && selected.month === m,
        disabled: isPeriodOutside(first.toString(), last.toString(), rules), pick: () => { setFocused(clamp(focused.year, m)); setView('days'); },
      };
    });
  } else if (view === 'years') {
    const d0 = decadeStart(focused.year);
    heading = `${num.format(d0)} – ${num.format(d0 + 9)}`;
    cells = Array.from({ length: 12 }, (_, i) => {
      const y = d0 - 1 + i;
      return {
        key: `y${y}`, label: num.format(y), selected: selected?.year === y, disabled: y < 1 || isPeriodOutside(`${y}-01-01`, `${y}-12-31`, rules),
        pick: () => { setFocused(clamp(y, focused.month)); setView('months'); },
      };
    });
  } else {
    const c0 = centuryStart(focused.year);
    heading = `${num.format(c0)} – ${num.format(c0 + 99)}`;
    cells = Array.from({ length: 12 }, (_, i) => {
      const y = c0 - 10 + i * 10;
      return {
        key: `d${y}`, label: `${num.format(y)}–${num.format(y + 9)}`, selected: !!selected && decadeStart(selected.year) === y,
        disabled: y < 1 || isPeriodOutside(`${y}-01-01`, `${y + 9}-12-31`, rules), pick: () => { setFocused(clamp(y + (focused.year % 10), focused.month)); setView('years'); },
      };
    });
  }
  return (
    <div className="date-calendar" data-view={view}>
      <header className="date-head">
        <button type="button" className="date-nav" aria-label={t('datePicker.previous')} onClick={() => step(-1)}><span className="flip-rtl">‹</span></button>
        <button type="button" className="date-heading-btn" onClick={up} disabled={view === 'decades'} aria-label={t(`datePicker.view.${view}`)}><span className="date-heading">{heading}</span></button>
        <button type="button" className="date-nav" aria-label={t('datePicker.next')} onClick={() => step(1)}><span className="flip-rtl">›</span></button>
      </header>
      <div className="date-period-grid" role="grid" aria-label={heading}>
        {cells.map((c) => (
          <button type="button" role="gridcell" key={c.key} className="date-period" disabled={c.disabled} aria-selected={c.selected} data-selected={c.selected || undefined} onClick={c.pick}>{c.label}</button>
        ))}
      </div>
    </div>
  );
}


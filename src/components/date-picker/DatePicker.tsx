import { useEffect, useId, useMemo, useState } from 'react';
import {
  Button, Calendar, CalendarCell, I18nProvider, CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, Dialog, DialogTrigger, Heading, Popover,
} from 'react-aria-components';
import { CalendarDate, today, getLocalTimeZone, type DateValue } from '@internationalized/date';
import { useTranslation } from 'react-i18next';
import {
  centuryStart, decadeStart, DEFAULT_FORMAT, formatDate, isDisabled, isPeriodOutside, normaliseRange, parseTyped, toDate,
  type DateFormat, type DateRules, type View,
} from './rules';
import '../../ui/form.css';
import './date-picker.css';

export interface DatePickerProps extends DateRules {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  format?: DateFormat;
  error?: string | null;
  name?: string;
  /** Open on a view other than days (e.g. years for a date of birth). */
  initialView?: View;
  testId?: string;
}

/**
 * Spec §4–§5 date picker: a text field in mm/dd/yyyy (by default) and a calendar with days, months, years
 * and decades views (the heading steps up a view, a choice steps down); min/max, disabled dates and weekdays
 * cannot be chosen or typed.
 */
export function DatePicker({ label, value, onChange, format = DEFAULT_FORMAT, error, name, initialView = 'days', testId, ...rules }: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState(formatDate(value, format));
  const [typedError, setTypedError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => { setText(formatDate(value, format)); setTypedError(null); }, [value, format]);

  const commitTyped = () => {
    if (!text.trim()) { setTypedError(null); if (value) onChange(null); return; }
    const parsed = parseTyped(text, format);
    const d = parsed ? toDate(parsed) : null;
    if (!parsed || !d) { setTypedError(t('datePicker.invalid', { format: format.toUpperCase() })); return; }
    if (isDisabled(d, rules)) { setTypedError(t('datePicker.unavailable')); return; }
    setTypedError(null);
    if (parsed !== value) onChange(parsed);
  };
  const shown = typedError ?? error ?? null;

  return (
    <div className={`field date-field${shown ? ' is-invalid' : ''}`} data-testid={testId}>
      <label className="field-label" htmlFor={id}>{label}</label>
      <div className="date-input-group">
        <input
          id={id} name={name} className="field-input date-input" dir="ltr" inputMode="numeric" autoComplete="off"
          placeholder={format} value={text} aria-invalid={!!shown} aria-describedby={shown ? `${id}-err` : undefined}
          onChange={(e) => setText(e.target.value)} onBlur={commitTyped}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); commitTyped(); } }}
        />
        <DialogTrigger isOpen={open} onOpenChange={setOpen}>
          <Button className="date-toggle" aria-label={t('datePicker.open', { label })}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3zm12 8H5v9h14zM5 6v2h14V6z" /></svg>
          </Button>
          <Popover className="date-popover" placement="bottom start">
            <Dialog className="date-dialog" aria-label={label}>
              <I18nProvider locale={i18n.language === 'ar' ? 'ar-u-nu-latn' : 'en-US'}>
                <CalendarPanel value={value} rules={rules} initialView={initialView} locale={i18n.language === 'ar' ? 'ar-u-nu-latn' : 'en-US'}
                  onPick={(d) => { onChange(d); setOpen(false); }} />
              </I18nProvider>
            </Dialog>
          </Popover>
        </DialogTrigger>
      </div>
      {shown ? <p className="field-error" id={`${id}-err`} role="alert">{shown}</p> : null}
    </div>
  );
}

function CalendarPanel({ value, rules, initialView, locale, onPick }: { value: string | null; rules: DateRules; initialView: View; locale: string; onPick: (d: string) => void }) {
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
        className="date-calendar"
      >
        <header className="date-head">
          <Button slot="previous" className="date-nav" aria-label={t('datePicker.previous')}><span className="flip-rtl">‹</span></Button>
          <button type="button" className="date-heading-btn" onClick={up} aria-label={t('datePicker.chooseMonth')}><Heading className="date-heading" /></button>
          <Button slot="next" className="date-nav" aria-label={t('datePicker.next')}><span className="flip-rtl">›</span></Button>
        </header>
        <CalendarGrid className="date-grid">
          <CalendarGridHeader>{(day) => <CalendarHeaderCell className="date-dow">{day}</CalendarHeaderCell>}</CalendarGridHeader>
          <CalendarGridBody>{(date) => <CalendarCell date={date} className="date-cell" />}</CalendarGridBody>
        </CalendarGrid>
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

/** Two pickers as a range (departure and return): a start after the end is swapped. */
export function DateRangeFields({ startLabel, endLabel, start, end, onChange, errors, ...rules }: DateRules & {
  startLabel: string; endLabel: string; start: string | null; end: string | null;
  onChange: (r: { start: string | null; end: string | null }) => void; errors?: { start?: string | null; end?: string | null };
}) {
  return (
    <>
      <DatePicker label={startLabel} value={start} testId="date-start" error={errors?.start} {...rules} onChange={(s) => onChange(normaliseRange(s, end))} />
      <DatePicker label={endLabel} value={end} testId="date-end" error={errors?.end} {...rules} onChange={(e) => onChange(normaliseRange(start, e))} />
    </>
  );
}

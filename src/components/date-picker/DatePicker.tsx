import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { PopoverButton } from '../../ui/popover';
import { ariaLocale } from '../../ui/aria-locale';
import { useTranslation } from 'react-i18next';
import type { DayNotes } from './day-notes';
import { formatDate, isDisabled, localeDateFormat, normaliseRange, parseTyped, type DateFormat, type DateRules, type View } from './rules';
import '../../ui/form.css';
import './date-picker.css';

/** The calendar (React Aria's Calendar and a date library, ~20 KB gzip) loads when a picker is about to open. */
const loadCalendar = () => import('./CalendarPanel');
const CalendarPanel = lazy(loadCalendar);

export interface DatePickerProps extends DateRules {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The typed order; by default the page's locale's (day first in Arabic). */
  format?: DateFormat;
  error?: string | null;
  /** A note under the field that does not stop the form (a warning); an error takes its place. */
  hint?: string | null;
  name?: string;
  /** Open on a view other than days (e.g. years for a date of birth). */
  initialView?: View;
  testId?: string;
  /** Notes under the days (a price per day), with a legend. */
  notes?: DayNotes;
}

/**
 * The date picker: a text field in the locale's order (mm/dd/yyyy in English, dd/mm/yyyy in Arabic) and a calendar with days, months, years
 * and decades views (the heading steps up a view, a choice steps down); min/max, disabled dates and weekdays
 * cannot be chosen or typed.
 */
export function DatePicker({ label, value, onChange, format: asked, error, hint, name, initialView = 'days', testId, notes, ...rules }: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const format = asked ?? localeDateFormat(ariaLocale(i18n.language));
  const id = useId();
  const [text, setText] = useState(formatDate(value, format));
  const [typedError, setTypedError] = useState<string | null>(null);
  useEffect(() => { setText(formatDate(value, format)); setTypedError(null); }, [value, format]);

  const commitTyped = () => {
    if (!text.trim()) { setTypedError(null); if (value) onChange(null); return; }
    const parsed = parseTyped(text, format);
    if (!parsed) { setTypedError(t('datePicker.invalid', { format: format.toUpperCase() })); return; }
    if (isDisabled(parsed, rules)) { setTypedError(t('datePicker.unavailable')); return; }
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
          placeholder={format} value={text} aria-invalid={!!shown} aria-describedby={shown ? `${id}-err` : hint ? `${id}-hint` : undefined}
          onChange={(e) => setText(e.target.value)} onBlur={commitTyped}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); commitTyped(); } }}
        />
        <PopoverButton
          label={label} className="date-popover" buttonClassName="date-toggle" dialogClassName="date-dialog" placement="bottom start"
          buttonLabel={t('datePicker.open', { label })} onPreload={() => void loadCalendar()}
          content={(close) => (
            <Suspense fallback={<div className="date-calendar date-calendar-loading" role="status" aria-label={t('common.loading')}><span className="spinner" aria-hidden="true" /></div>}>
              <CalendarPanel value={value} rules={rules} initialView={initialView} locale={ariaLocale(i18n.language)} notes={notes}
                onPick={(d) => { onChange(d); close(); }} />
            </Suspense>
          )}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3zm12 8H5v9h14zM5 6v2h14V6z" /></svg>
        </PopoverButton>
      </div>
      {shown ? <p className="field-error" id={`${id}-err`} role="alert">{shown}</p> : hint ? <p className="field-hint" id={`${id}-hint`} role="status">{hint}</p> : null}
    </div>
  );
}

/**
 * Two pickers as a range (departure and return): a start after the end is swapped, unless `swap` is
 * false, where the form asks the traveller instead.
 */
export function DateRangeFields({ startLabel, endLabel, start, end, onChange, errors, swap = true, notes, ...rules }: DateRules & {
  startLabel: string; endLabel: string; start: string | null; end: string | null; swap?: boolean; notes?: { start?: DayNotes; end?: DayNotes };
  onChange: (r: { start: string | null; end: string | null }) => void; errors?: { start?: string | null; end?: string | null };
}) {
  const range = (s: string | null, e: string | null) => (swap ? normaliseRange(s, e) : { start: s, end: e });
  return (
    <>
      <DatePicker label={startLabel} value={start} testId="date-start" error={errors?.start} notes={notes?.start} {...rules} onChange={(s) => onChange(range(s, end))} />
      <DatePicker label={endLabel} value={end} testId="date-end" error={errors?.end} notes={notes?.end} {...rules} onChange={(e) => onChange(range(start, e))} />
    </>
  );
}

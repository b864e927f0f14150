import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { airportSuggestMachine } from '../../../machines/airport-suggest';
import { useMachine } from '../../app/actors';
import { searchAirports, type AirportOption } from './airports-api';

export type { AirportValue } from '../../../machines/flight-search-form';
import type { AirportValue } from '../../../machines/flight-search-form';

const suggestMachine = airportSuggestMachine.provide({
  actors: { lookUp: fromPromise(({ input, signal }: { input: { q: string }; signal: AbortSignal }) => searchAirports(input.q, signal)) },
});

/**
 * Airport autocomplete; the value is the IATA code. The pause in typing and the look-up are the
 * airport-suggest machine's; this keeps what is on screen (the text, whether the list is open, the active option).
 *
 * An ARIA 1.2 combobox (input + listbox, aria-activedescendant) written out rather than React Aria's ComboBox:
 * it sits on the home page, and React Aria's collections, selection and overlays cost that page ~40 KB gzip of its
 * first load. Keys: ↓/↑ open and move, Enter picks, Escape closes; a pointer picks without the input losing focus.
 * Leaving the field puts back the chosen airport's name (or clears it when nothing was chosen), as before.
 */
export function AirportField({ label, value, onChange, error, testId }: { label: string; value: AirportValue | null; onChange: (v: AirportValue | null) => void; error?: string | null; testId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const [suggest, send] = useMachine(suggestMachine);
  const items = suggest.context.suggestions;
  useEffect(() => { setText(value?.label ?? ''); }, [value?.code, value?.label]);
  // New suggestions open the list only while the user is still in the field.
  useEffect(() => { setActive(-1); setOpen(items.length > 0 && document.activeElement === input.current); }, [items]);

  const type = (typed: string) => {
    setText(typed);
    send(typed.trim() === value?.label ? { type: 'CLEAR' } : { type: 'TYPE', text: typed });
  };
  const pick = (a: AirportOption) => {
    const v = { code: a.code, label: `${a.city || a.name} (${a.code})` };
    send({ type: 'CLEAR' });
    setOpen(false);
    setText(v.label);
    onChange(v);
  };
  const close = () => { setOpen(false); setActive(-1); };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = items.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!n) return;
      e.preventDefault();
      if (!open) { setOpen(true); setActive(e.key === 'ArrowDown' ? 0 : n - 1); return; }
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : (i - 1 + n) % n));
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      pick(items[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };
  const onBlur = () => {
    close();
    send({ type: 'CLEAR' });
    if (!text.trim()) { if (value) onChange(null); setText(''); return; }
    setText(value?.label ?? '');
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const expanded = open && items.length > 0;
  return (
    <div className={`field airport-field${error ? ' is-invalid' : ''}`} data-testid={testId}>
      <label className="field-label" htmlFor={`${id}-input`}>{label}</label>
      <input
        ref={input} id={`${id}-input`} className="field-input" dir="auto" autoComplete="off" spellCheck={false}
        role="combobox" aria-autocomplete="list" aria-expanded={expanded} aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
        value={text} onChange={(e) => type(e.target.value)} onKeyDown={onKeyDown} onBlur={onBlur}
      />
      {error ? <p className="field-error" id={`${id}-error`}>{error}</p> : null}
      <ul id={listId} role="listbox" aria-label={label} className="airport-popover airport-list" hidden={!expanded}>
        {items.map((a, i) => (
          <li
            key={a.code} id={optionId(i)} role="option" aria-selected={i === active} className="airport-option" data-focused={i === active || undefined}
            // Keeps focus in the input, so choosing does not first blur (and reset) the field.
            onMouseDown={(e) => e.preventDefault()} onClick={() => pick(a)} onMouseMove={() => setActive(i)}
          >
            <span className="airport-code">{a.code}</span>
            <span className="airport-text"><strong>{a.city || a.name}</strong><small>{a.name}{a.country ? `, ${a.country}` : ''}</small></span>
          </li>
        ))}
      </ul>
      <span className="visually-hidden" role="status">{open ? t('flights.search.airportsFound', { count: items.length }) : ''}</span>
    </div>
  );
}

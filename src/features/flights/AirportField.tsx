import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { searchAirports, type AirportOption } from './airports-api';

export interface AirportValue { code: string; label: string }

/**
 * Airport autocomplete from GET /airports?q= (debounced, abortable); the value is the IATA code.
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
  const [items, setItems] = useState<AirportOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const ctrl = useRef<AbortController | null>(null);
  useEffect(() => { setText(value?.label ?? ''); }, [value?.code, value?.label]);

  useEffect(() => {
    const q = text.trim();
    if (!typed.current || q.length < 2 || q === value?.label) { setItems([]); setOpen(false); return; }
    const timer = setTimeout(() => {
      ctrl.current?.abort();
      ctrl.current = new AbortController();
      searchAirports(q, ctrl.current.signal).then((found) => { setItems(found); setActive(-1); setOpen(document.activeElement === input.current); }, () => undefined);
    }, 150);
    return () => clearTimeout(timer);
  }, [text, value?.label]);
  useEffect(() => () => ctrl.current?.abort(), []);

  const pick = (a: AirportOption) => {
    const v = { code: a.code, label: `${a.city || a.name} (${a.code})` };
    typed.current = false;
    ctrl.current?.abort();
    setOpen(false);
    setItems([]);
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
    typed.current = false;
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
        value={text} onChange={(e) => { typed.current = true; setText(e.target.value); }} onKeyDown={onKeyDown} onBlur={onBlur}
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

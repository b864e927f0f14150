import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { SuggestContext, SuggestEvent } from '../../machines/suggest';

/**
 * A look-up field (an airport, a hotel destination): the pause in typing and the look-up are a suggest machine's
 * (machines/suggest.ts), given here as its snapshot and `send`; this keeps what is on screen (the text, whether
 * the list is open, the active option).
 *
 * An ARIA 1.2 combobox (input + listbox, aria-activedescendant) written out rather than React Aria's ComboBox:
 * it sits on the home page, and React Aria's collections, selection and overlays cost that page ~40 KB gzip of its
 * first load. Keys: ↓/↑ open and move, Enter picks, Escape closes; a pointer picks without the input losing focus.
 * Leaving the field puts back the chosen entry's label (or clears it when nothing was chosen).
 */
export interface SuggestFieldProps<T, V extends { label: string }> {
  label: string;
  value: V | null;
  onChange: (v: V | null) => void;
  suggest: SuggestContext<T>;
  send: (e: SuggestEvent) => void;
  /** The chosen value of an option, and the option as listed. */
  toValue: (item: T) => V;
  keyOf: (item: T) => string;
  renderOption: (item: T) => ReactNode;
  /** "8 found" for screen readers. */
  foundText: (count: number) => string;
  error?: string | null;
  testId?: string;
  className?: string;
}

export function SuggestField<T, V extends { label: string }>({ label, value, onChange, suggest, send, toValue, keyOf, renderOption, foundText, error, testId, className = '' }: SuggestFieldProps<T, V>) {
  const id = useId();
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const items = suggest.suggestions;
  useEffect(() => { setText(value?.label ?? ''); }, [value?.label]);
  // New suggestions open the list only while the user is still in the field.
  useEffect(() => { setActive(-1); setOpen(items.length > 0 && document.activeElement === input.current); }, [items]);

  const type = (typed: string) => {
    setText(typed);
    send(typed.trim() === value?.label ? { type: 'CLEAR' } : { type: 'TYPE', text: typed });
  };
  const pick = (item: T) => {
    const v = toValue(item);
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
  // A chosen place is selected whole when the field is entered or clicked, so typing replaces it rather than adding
  // to its name (a click runs after its own caret placement, so it selects again).
  const selectChosen = (e: FocusEvent<HTMLInputElement> | MouseEvent<HTMLInputElement>) => {
    if (value && text === value.label) e.currentTarget.select();
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
    <div className={`field airport-field ${className}${error ? ' is-invalid' : ''}`} data-testid={testId}>
      <label className="field-label" htmlFor={`${id}-input`}>{label}</label>
      <input
        ref={input} id={`${id}-input`} className="field-input" dir="auto" autoComplete="off" spellCheck={false}
        role="combobox" aria-autocomplete="list" aria-expanded={expanded} aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
        value={text} onChange={(e) => type(e.target.value)} onKeyDown={onKeyDown} onBlur={onBlur} onFocus={selectChosen} onClick={selectChosen}
      />
      {error ? <p className="field-error" id={`${id}-error`}>{error}</p> : null}
      <ul id={listId} role="listbox" aria-label={label} className="airport-popover airport-list" hidden={!expanded}>
        {items.map((item, i) => (
          <li
            key={keyOf(item)} id={optionId(i)} role="option" aria-selected={i === active} className="airport-option" data-focused={i === active || undefined}
            // Keeps focus in the input, so choosing does not first blur (and reset) the field.
            onMouseDown={(e) => e.preventDefault()} onClick={() => pick(item)} onMouseMove={() => setActive(i)}
          >
            {renderOption(item)}
          </li>
        ))}
      </ul>
      <span className="visually-hidden" role="status">{open ? foundText(items.length) : ''}</span>
    </div>
  );
}

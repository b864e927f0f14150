import { useEffect, useRef, useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { searchAirports, type AirportOption } from './api';

export interface AirportValue { code: string; label: string }

/** Airport autocomplete from GET /airports?q= (debounced, abortable); the value is the IATA code. */
export function AirportField({ label, value, onChange, error, testId }: { label: string; value: AirportValue | null; onChange: (v: AirportValue | null) => void; error?: string | null; testId?: string }) {
  const [text, setText] = useState(value?.label ?? '');
  const [items, setItems] = useState<AirportOption[]>([]);
  const ctrl = useRef<AbortController | null>(null);
  useEffect(() => { setText(value?.label ?? ''); }, [value?.code, value?.label]);

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2 || q === value?.label) { setItems([]); return; }
    const t = setTimeout(() => {
      ctrl.current?.abort();
      ctrl.current = new AbortController();
      searchAirports(q, ctrl.current.signal).then(setItems, () => undefined);
    }, 150);
    return () => clearTimeout(t);
  }, [text, value?.label]);

  return (
    <ComboBox
      className={`field airport-field${error ? ' is-invalid' : ''}`} data-testid={testId} inputValue={text} onInputChange={setText} items={items}
      selectedKey={value?.code ?? null} allowsEmptyCollection menuTrigger="input" isInvalid={!!error}
      onSelectionChange={(key) => {
        const a = items.find((i) => i.code === key);
        if (a) { const v = { code: a.code, label: `${a.city || a.name} (${a.code})` }; onChange(v); setText(v.label); }
      }}
      onBlur={() => { if (!text.trim() && value) onChange(null); }}
    >
      <Label className="field-label">{label}</Label>
      <Input className="field-input" dir="auto" />
      {error ? <Text slot="errorMessage" className="field-error">{error}</Text> : null}
      <Popover className="airport-popover" placement="bottom start">
        <ListBox className="airport-list">
          {(a: AirportOption) => (
            <ListBoxItem id={a.code} textValue={`${a.city} ${a.name} ${a.code}`} className="airport-option">
              <span className="airport-code">{a.code}</span>
              <span className="airport-text"><strong>{a.city || a.name}</strong><small>{a.name}{a.country ? `, ${a.country}` : ''}</small></span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

import type { ReactNode } from 'react';
import { PopoverButton } from './popover';

/** A count set with − and + (travellers, rooms, guests): each button off at its bound, the count read out as it changes. */
export function Stepper({ value, min, max, onChange, lessLabel, moreLabel, testId }: {
  value: number; min: number; max: number; onChange: (n: number) => void; lessLabel: string; moreLabel: string; testId: string;
}) {
  return (
    <span className="stepper">
      <button type="button" aria-label={lessLabel} disabled={value <= min} onClick={() => onChange(value - 1)}>−</button>
      <output aria-live="polite" data-testid={testId}>{value}</output>
      <button type="button" aria-label={moreLabel} disabled={value >= max} onClick={() => onChange(value + 1)}>+</button>
    </span>
  );
}

/**
 * A search form's party (travellers and cabin, rooms and guests): a button naming it that opens a dialog with its
 * steppers, and the first problem with it under the field.
 */
export function PartyField({ label, summary, error, popoverClass = '', dialogClass = '', testId, children }: {
  label: string; summary: ReactNode; error?: string | null; popoverClass?: string; dialogClass?: string; testId: string; children: ReactNode;
}) {
  return (
    <div className={`field pax-field${error ? ' is-invalid' : ''}`}>
      <span className="field-label">{label}</span>
      <PopoverButton
        label={label} className={`pax-popover ${popoverClass}`.trim()} buttonClassName="field-input pax-trigger"
        dialogClassName={`pax-dialog ${dialogClass}`.trim()} placement="bottom end" testId={testId} content={children}
      >
        {summary}
      </PopoverButton>
      {error ? <p className="field-error" role="alert">{error}</p> : null}
    </div>
  );
}

import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fileUrl, uploadFile } from '../api/uploads';
import { translateServer } from '../i18n';
import { useUploadPick } from './upload-pick';
import { COUNTRY_CODES, countryOptions } from './countries';
import './form.css';

/** Labelled form fields showing the first message per field, and the submit button with its busy state. */

interface InputProps {
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  type?: string;
  required?: boolean;
  hint?: string;
  inputMode?: 'decimal' | 'numeric' | 'text' | 'email' | 'tel';
  dir?: 'ltr' | 'rtl' | 'auto';
  max?: string;
  placeholder?: string;
  /** Shown but not editable (an item's key on its update screen). */
  readOnly?: boolean;
}

export function TextInput({ name, label, value, onChange, error, type = 'text', required, hint, inputMode, dir = 'auto', max, placeholder, readOnly }: InputProps) {
  const id = `f-${name}`;
  // A date or time is digits in a fixed order: written left to right in Arabic too, as its picker lays it out.
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>{label}{required ? <span aria-hidden="true" className="req"> *</span> : null}</label>
      <input id={id} name={name} className="field-input" type={type} value={value} dir={type === 'date' || type === 'time' ? 'ltr' : dir} inputMode={inputMode} max={max} placeholder={placeholder} readOnly={readOnly}
        aria-invalid={!!error || undefined} data-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)} />
      {hint && !error ? <span id={`${id}-hint`} className="field-description">{hint}</span> : null}
      {error ? <span id={`${id}-err`} className="field-error" role="alert">{translateServer(error)}</span> : null}
    </div>
  );
}

export function TextArea({ name, label, value, onChange, error, required }: InputProps) {
  const id = `f-${name}`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>{label}{required ? <span aria-hidden="true" className="req"> *</span> : null}</label>
      <textarea id={id} name={name} className="field-input" rows={3} value={value} dir="auto" aria-invalid={!!error || undefined} data-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)} />
      {error ? <span className="field-error" role="alert">{translateServer(error)}</span> : null}
    </div>
  );
}

export function SelectInput({ name, label, value, onChange, error, options, required, placeholder }: InputProps & { options: { value: string; label: string }[] }) {
  const id = `f-${name}`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>{label}{required ? <span aria-hidden="true" className="req"> *</span> : null}</label>
      <select id={id} name={name} className="field-input" value={value} aria-invalid={!!error || undefined} data-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {error ? <span className="field-error" role="alert">{translateServer(error)}</span> : null}
    </div>
  );
}

/**
 * A country chosen by its name in the reader's language; the value stays the ISO code the API takes. A value
 * saved before as something else (free text) is kept as an option, so opening a form never loses it.
 */
export function CountrySelect(props: InputProps) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => countryOptions(i18n.language).map((c) => ({ value: c.code, label: c.name })), [i18n.language]);
  const kept = props.value && !COUNTRY_CODES.includes(props.value) ? [{ value: props.value, label: props.value }] : [];
  // "Choose a country" first, so an empty value never shows as the first country in the list.
  return <SelectInput {...props} placeholder={props.placeholder ?? t('common.chooseCountry')} options={[...kept, ...options]} />;
}

/** Upload a file through POST /uploads (checked by content there); gives back its file_name. */
export function FileInput({ name, label, purpose, value, onChange, error, accept }: { name: string; label: string; purpose: 'receipt' | 'logo'; value: string; onChange: (fileName: string) => void; error?: string; accept: string }) {
  const { t } = useTranslation();
  const { busy, error: localError, pick } = useUploadPick((file) => uploadFile(file, purpose), onChange);
  const id = `f-${name}`;
  const shown = error ?? localError;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>{label}</label>
      <input id={id} type="file" className="field-input" accept={accept} disabled={busy} onChange={(e) => void pick(e.target.files?.[0])} />
      {value ? <span className="field-description">{busy ? t('common.pleaseWait') : <a href={fileUrl(value)} target="_blank" rel="noreferrer">{t('agentsUi.viewFile')}</a>}</span> : <span className="field-description">{t('agentsUi.fileHint')}</span>}
      {shown ? <span className="field-error" role="alert">{translateServer(shown)}</span> : null}
    </div>
  );
}

export function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {busy ? <><span className="spinner" aria-hidden="true" /> {t('common.pleaseWait')}</> : children}
    </button>
  );
}


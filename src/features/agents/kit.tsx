import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { request, reportError, reportSuccess, type RequestOptions } from '../../api/client';
import { translateServer } from '../../i18n';
import { Icon } from '../../ui/Icon';
import '../shared/dashboard.css';
import '../../ui/form.css';
import './agents.css';

/** Shared pieces of the agent and back-office screens of issue 4: data loading, tables, fields, money. */

import { useLoad, type ListMeta } from '../shared/data';
export { DateText, formatDate, formatMoney, MoneyText, useLoad, useQueryParam, type ListMeta } from '../shared/data';

/** A save/delete call: toasts the server message on success, returns field errors on failure. */
export function useMutation() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ac = useRef<AbortController | null>(null);
  useEffect(() => () => ac.current?.abort(), []);
  const run = useCallback(async <T,>(path: string, options: RequestOptions): Promise<T | null> => {
    ac.current?.abort();
    ac.current = new AbortController();
    setBusy(true);
    setErrors({});
    try {
      const res = await request<T>(path, { ...options, signal: ac.current.signal });
      reportSuccess(res);
      return res;
    } catch (err) {
      setErrors(reportError(err).fieldErrors);
      return null;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, errors, setErrors, run };
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-head">
      <div>
        <h1 className="page-title">{title}</h1>
        {subtitle ? <p className="muted page-subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${status}`}>{t(`agentsUi.status.${status}`, { defaultValue: status })}</span>;
}

export interface Column<T> { key: string; label: string; render: (row: T) => ReactNode; align?: 'end'; className?: string }

export function DataTable<T extends { id: number | string }>({ rows, columns, loading, empty, caption }: { rows: T[] | null; columns: Column<T>[]; loading: boolean; empty: string; caption?: string }) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap card">
      <table className="table">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>{columns.map((c) => <th key={c.key} scope="col" className={c.align === 'end' ? 'num' : undefined}>{c.label}</th>)}</tr>
        </thead>
        <tbody>
          {loading && !rows ? (
            <tr><td colSpan={columns.length} className="table-empty"><span className="spinner" aria-hidden="true" /> {t('common.loading')}</td></tr>
          ) : rows && rows.length ? (
            rows.map((row) => (
              <tr key={row.id}>
                {columns.map((c) => <td key={c.key} data-label={c.label} className={[c.align === 'end' ? 'num' : '', c.className ?? ''].join(' ').trim() || undefined}>{c.render(row)}</td>)}
              </tr>
            ))
          ) : (
            <tr><td colSpan={columns.length} className="table-empty">{empty}</td></tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({ meta, onPage }: { meta: ListMeta | null; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  if (!meta || meta.total <= meta.per_page) return null;
  const pages = Math.ceil(meta.total / meta.per_page);
  return (
    <nav className="pager" aria-label={t('agentsUi.pages')}>
      <button type="button" className="btn btn-secondary" disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>{t('agentsUi.previous')}</button>
      <span className="muted">{t('agentsUi.pageOf', { page: meta.page, pages })}</span>
      <button type="button" className="btn btn-secondary" disabled={meta.page >= pages} onClick={() => onPage(meta.page + 1)}>{t('agentsUi.next')}</button>
    </nav>
  );
}

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
  dir?: 'ltr' | 'auto';
  max?: string;
  placeholder?: string;
  /** Shown but not editable (an item's key on its update screen). */
  readOnly?: boolean;
}

export function TextInput({ name, label, value, onChange, error, type = 'text', required, hint, inputMode, dir = 'auto', max, placeholder, readOnly }: InputProps) {
  const id = `f-${name}`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>{label}{required ? <span aria-hidden="true" className="req"> *</span> : null}</label>
      <input id={id} name={name} className="field-input" type={type} value={value} dir={dir} inputMode={inputMode} max={max} placeholder={placeholder} readOnly={readOnly}
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

/** Upload a file through POST /uploads (checked by content there); gives back its file_name. */
export function FileInput({ name, label, purpose, value, onChange, error, accept }: { name: string; label: string; purpose: 'receipt' | 'logo'; value: string; onChange: (fileName: string) => void; error?: string; accept: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string | undefined>();
  const id = `f-${name}`;
  async function pick(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setLocalError(undefined);
    const form = new FormData();
    form.set('file', file);
    form.set('purpose', purpose);
    try {
      const res = await request<{ data: { file_name: string } }>('/uploads', { method: 'POST', body: form });
      onChange(res.data.file_name);
    } catch (err) {
      const f = reportError(err);
      setLocalError(f.fieldErrors.file ?? f.notice?.text);
    } finally {
      setBusy(false);
    }
  }
  const shown = error ?? localError;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>{label}</label>
      <input id={id} type="file" className="field-input" accept={accept} disabled={busy} onChange={(e) => void pick(e.target.files?.[0])} />
      {value ? <span className="field-description">{busy ? t('common.pleaseWait') : <a href={`/api/files/${value}`} target="_blank" rel="noreferrer">{t('agentsUi.viewFile')}</a>}</span> : <span className="field-description">{t('agentsUi.fileHint')}</span>}
      {shown ? <span className="field-error" role="alert">{translateServer(shown)}</span> : null}
    </div>
  );
}

export function BackLink({ href, label }: { href: string; label: string }) {
  return <Link href={href} className="btn btn-ghost">{label}</Link>;
}

export function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {busy ? <><span className="spinner" aria-hidden="true" /> {t('common.pleaseWait')}</> : children}
    </button>
  );
}

/** Agents for a staff picker (approved, active). */
export function useAgentOptions() {
  const { data } = useLoad<{ id: number; name: string; company_name: string | null; agent_code: string | null }[]>('/agent-options');
  return (data ?? []).map((a) => ({ value: String(a.id), label: `${a.company_name ?? a.name} (${a.agent_code ?? a.id})` }));
}

/**
 * A list's filters: beside the list on wide screens; on a phone behind a Filters button (with the number of
 * filters on), so the list is not under a screenful of fields.
 */
export function ListFilters({ active = 0, children }: { active?: number; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="list-filters" data-open={open || undefined}>
      <button type="button" className="btn btn-secondary list-filters-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <Icon name="sliders" size={18} />
        <span>{t('common.filters')}</span>
        {active ? <><span className="list-filters-badge" aria-hidden="true">{active}</span><span className="visually-hidden">{t('flights.results.activeFilters', { count: active })}</span></> : null}
      </button>
      <div id={id} className="list-filters-body">{children}</div>
    </div>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import './back-office.css';

/** Tables of rows with their loading, empty and paging states, and a list's filters. */

export interface ListMeta { page: number; per_page: number; total: number }

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

import type { ReactNode } from 'react';
import { Link } from 'wouter';
import './back-office.css';

export interface DashColumn<T> { label: string; num?: boolean; cell: (row: T) => ReactNode }

/**
 * A dashboard card listing a few recent rows with a link to the whole list; with no rows, a line saying so and the
 * action that would make one (search flights, book a hotel). Rows are null while loading: the table keeps its place.
 */
export function DashListCard<T extends { id: number | string }>(props: {
  title: string; testId: string; viewAll: { href: string; label: string };
  empty: { text: string; action: ReactNode }; columns: DashColumn<T>[]; rows: T[] | null;
}) {
  const { title, testId, viewAll, empty, columns, rows } = props;
  return (
    <section className="card dash-card dash-card-wide" data-testid={testId}>
      <div className="dash-card-head">
        <h2>{title}</h2>
        <Link href={viewAll.href}>{viewAll.label}</Link>
      </div>
      {rows && rows.length === 0 ? (
        <div className="dash-empty">
          <p className="muted">{empty.text}</p>
          {empty.action}
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>{columns.map((c) => <th key={c.label} scope="col" className={c.num ? 'num' : undefined}>{c.label}</th>)}</tr>
            </thead>
            <tbody>
              {(rows ?? []).map((row) => (
                <tr key={row.id}>{columns.map((c) => <td key={c.label} data-label={c.label} className={c.num ? 'num' : undefined}>{c.cell(row)}</td>)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

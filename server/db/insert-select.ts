import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A column's value read from elsewhere in the statement rather than sent. */
export interface ColumnValue { column: string; id: SQL }

/** The columns a statement built once per shape writes: every one but the generated id. */
export const columnKeysOf = (table: PgTable, except: readonly string[] = []): string[] =>
  Object.keys(getTableColumns(table)).filter((k) => k !== 'id' && !except.includes(k));

/**
 * `insert into <table> (<keys>) select <values> <tail> [union all ...]`, one SELECT per placeholder prefix, each value
 * a placeholder `${prefix}${key}` cast to its column's type (a SELECT's parameters would otherwise be text).
 * `parent`: values read from a CTE the tail names (a parent's id, a JSON value written there) for their columns,
 * ahead of the others.
 * Built once with placeholders, such a statement is run with new values only (drizzle building a statement of
 * many columns costs more CPU than PGlite running a primary-key read).
 */
export function insertSelect(
  table: PgTable, keys: readonly string[], prefixes: readonly string[], tail: SQL, parent?: ColumnValue | readonly ColumnValue[],
): SQL {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const value = (prefix: string, k: string) => {
    const c = columns[k];
    // drizzle's encoders map null too (a jsonb null would become JSON 'null', a timestamp throw): null stays NULL.
    const encoder = { mapToDriverValue: (v: unknown) => (v === null || v === undefined ? null : c.mapToDriverValue(v)) };
    return sql`${sql.param(sql.placeholder(`${prefix}${k}`), encoder)}::${sql.raw(c.getSQLType())}`;
  };
  const parents: readonly ColumnValue[] = parent === undefined ? [] : 'column' in parent ? [parent] : parent;
  const names = [...parents.map((x) => sql.identifier(columns[x.column].name)), ...keys.map((k) => sql.identifier(columns[k].name))];
  const rows = prefixes.map((p) => sql`select ${sql.join([...parents.map((x) => x.id), ...keys.map((k) => value(p, k))], sql`, `)} ${tail}`);
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) ${sql.join(rows, sql` union all `)}`;
}

/** The placeholder values of `keys` from `values` under `prefix` (a key it lacks is NULL). */
export function putPlaceholders(out: Record<string, unknown>, prefix: string, keys: readonly string[], values: Record<string, unknown>): void {
  for (const k of keys) out[`${prefix}${k}`] = values[k] ?? null;
}

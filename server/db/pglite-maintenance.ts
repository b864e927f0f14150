import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * PGlite runs PostgreSQL in single-user mode, where no autovacuum runs: left alone, an embedded server never
 * refreshes its tables' statistics nor clears the dead rows its updates leave. Its statements are kept prepared, and
 * the generic plans they made while the tables were tiny (a sequential scan is then cheapest) would stay until a
 * restart, however large the tables grow; an ANALYZE ends those plans. This does autovacuum's work by autovacuum's
 * default thresholds, one table per turn so the single thread is held briefly (an ANALYZE of a 20,000-row table
 * takes milliseconds).
 */
export const THRESHOLDS = { analyzeBase: 50, analyzeScale: 0.1, vacuumBase: 50, vacuumScale: 0.2 };

interface TableStats { relname: string; n_live_tup: number; n_dead_tup: number; n_mod_since_analyze: number }

/** What a table needs, by the thresholds: how far past them it is (0: nothing). */
function need(t: TableStats): { vacuum: number; analyze: number } {
  const live = Number(t.n_live_tup);
  return {
    vacuum: Number(t.n_dead_tup) / (THRESHOLDS.vacuumBase + THRESHOLDS.vacuumScale * live),
    analyze: Number(t.n_mod_since_analyze) / (THRESHOLDS.analyzeBase + THRESHOLDS.analyzeScale * live),
  };
}

/** One turn: the table furthest past a threshold is vacuumed and/or analysed. Returns what was done, or null. */
export async function maintainOnce(db: Db): Promise<{ table: string; command: string } | null> {
  const res = await db.execute(sql`select relname, n_live_tup, n_dead_tup, n_mod_since_analyze from pg_stat_user_tables where schemaname = 'public'`);
  const { rows } = res as unknown as { rows: TableStats[] };
  let best: { table: string; vacuum: boolean; analyze: boolean; score: number } | null = null;
  for (const t of rows) {
    const n = need(t);
    const score = Math.max(n.vacuum, n.analyze);
    if (score > 1 && (!best || score > best.score)) best = { table: t.relname, vacuum: n.vacuum > 1, analyze: n.analyze > 1, score };
  }
  if (!best) return null;
  // Table names come from the catalogue, quoted as identifiers.
  const command = `${best.vacuum ? (best.analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze'} "${best.table.replace(/"/g, '""')}"`;
  await db.execute(sql.raw(command));
  return { table: best.table, command };
}

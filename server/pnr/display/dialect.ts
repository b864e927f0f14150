/**
 * What differs from one GDS to the next beyond the shared line readers: how its display is recognised (each line
 * that only its terminal prints counts for it), and where it prints its record locator.
 */
import type { Gds } from './types';

export interface Dialect {
  gds: Gds;
  /** How strongly this line says the display is this GDS's (0: not at all). */
  evidence(line: string): number;
  /** The record locator if this line carries it (a header, a received-from or RLOC line). */
  recordLocator(line: string): string | null;
}

/** The dialect whose lines speak for it most, or null when none does. */
export function detectDialect(lines: string[], dialects: Dialect[]): Dialect | null {
  let best: Dialect | null = null;
  let bestScore = 0;
  for (const d of dialects) {
    const score = lines.reduce((s, l) => s + d.evidence(l), 0);
    if (score > bestScore) { best = d; bestScore = score; }
  }
  return best;
}

/** A record locator: six letters and digits with at least one of each, or six letters. */
export const isLocator = (s: string) => /^[A-Z0-9]{6}$/.test(s) && /[A-Z]/.test(s);

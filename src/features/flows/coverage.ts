/**
 * What the machine tests reach, as written by `npm run machines:coverage` (scripts/machines-coverage.ts) into
 * generated/machine-coverage.json. The file is gitignored and may be missing: the glob then matches nothing and
 * the explorer says how to make it. Lazily imported, so it never rides in another page's JavaScript.
 */
export interface MachineCoverage {
  /** State ids reached. */
  states: string[];
  /** Transition keys taken (graph.ts transitionKey). */
  transitions: string[];
  statesTotal: number;
  transitionsTotal: number;
}
export interface CoverageFile { generatedAt: string; machines: Record<string, MachineCoverage> }

const files = import.meta.glob<CoverageFile>('./generated/machine-coverage.json', { import: 'default' });

/** The coverage file, or null when it has not been generated. */
export async function loadCoverage(): Promise<CoverageFile | null> {
  const load = Object.values(files)[0];
  return load ? load() : null;
}

/**
 * What the machine tests reach, as `npm run machines:coverage` (scripts/machines-coverage.ts) writes it and
 * GET /machine-coverage serves it to the statechart explorer's overlay. `data` is null until the command has run.
 */
export interface MachineCoverage {
  /** State ids reached. */
  states: string[];
  /** Transition keys taken (src/features/flows/graph.ts transitionKey). */
  transitions: string[];
  statesTotal: number;
  transitionsTotal: number;
}
export interface MachineCoverageFile { generatedAt: string; machines: Record<string, MachineCoverage> }

/** The command that writes the file: the explorer says it when there is none. */
export const MACHINE_COVERAGE_COMMAND = 'npm run machines:coverage';

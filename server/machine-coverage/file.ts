import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as v from 'valibot';
import type { MachineCoverageFile } from '../../contract/machine-coverage';

/**
 * The coverage report of the machine tests, read from disk on every request so that a new
 * `npm run machines:coverage` shows at the next page load, with no rebuild or restart. It is a development artefact
 * of the source tree (relative to the working directory, as the script writes it), so a deployment usually has none.
 */
export const DEFAULT_MACHINE_COVERAGE_FILE = '.tmp/machine-coverage.json';

/** Where the report is: MACHINE_COVERAGE_FILE (server and script alike) or the default. */
export const machineCoverageFile = (configured?: string) => resolve(configured ?? DEFAULT_MACHINE_COVERAGE_FILE);

const Coverage = v.object({
  generatedAt: v.string(),
  machines: v.record(v.string(), v.object({
    states: v.array(v.string()),
    transitions: v.array(v.string()),
    statesTotal: v.number(),
    transitionsTotal: v.number(),
  })),
});

/** The report, or null when there is none yet. One that does not parse (a run writing it) counts as none. */
export async function readMachineCoverage(file: string): Promise<MachineCoverageFile | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const parsed = v.safeParse(Coverage, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

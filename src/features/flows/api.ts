import { fromPromise } from 'xstate';
import { MACHINES, type MachineEntry } from './catalogue';
import { loadCoverage, type CoverageFile } from './coverage';
import { toGraph, type FlowGraph } from './graph';
import { layout, type Drawing } from './layout';

/** The explorer's calls: read every machine as a graph with the tests' coverage, and lay one chart out. */

export interface LoadedMachine { id: string; entry: MachineEntry; graph: FlowGraph }

export async function loadCatalogue(): Promise<{ machines: LoadedMachine[]; coverage: CoverageFile | null }> {
  const [machines, coverage] = await Promise.all([
    Promise.all(MACHINES.map(async (entry) => ({ id: entry.id, entry, graph: toGraph(await entry.load()) }))),
    // A missing or unreadable coverage file only hides the overlay.
    loadCoverage().catch(() => null),
  ]);
  return { machines, coverage };
}

export const explorerActors = {
  loadCatalogue: fromPromise(() => loadCatalogue()),
  drawMachine: fromPromise<Drawing, { machine: { id: string } }>(({ input }) => layout((input.machine as LoadedMachine).graph)),
};

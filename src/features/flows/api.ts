import { fromPromise } from 'xstate';
import baked from 'virtual:flows-layouts';
import type { ItemResponse } from '../../../contract/http';
import type { MachineCoverageFile } from '../../../contract/machine-coverage';
import { get } from '../../api/calls';
import { unbake } from './baked';
import { MACHINES, type MachineEntry } from './catalogue';
import { toGraph, type FlowGraph } from './graph';
import { layout, type Drawing } from './layout';

/** The explorer's calls: read every machine as a graph with the tests' coverage, and lay one chart out. */

export interface LoadedMachine { id: string; entry: MachineEntry; graph: FlowGraph }

/**
 * The latest `npm run machines:coverage` report, read by the server at each call (no rebuild): null when it has not
 * been run, undefined when the call failed (the overlay is then hidden rather than blamed on a missing report).
 */
export const loadCoverage = (signal?: AbortSignal) =>
  get<ItemResponse<MachineCoverageFile | null>>('/machine-coverage', {}, signal).then((r) => r.data, () => undefined);

export async function loadCatalogue(signal?: AbortSignal): Promise<{ machines: LoadedMachine[]; coverage: MachineCoverageFile | null | undefined }> {
  const [machines, coverage] = await Promise.all([
    Promise.all(MACHINES.map(async (entry) => ({ id: entry.id, entry, graph: toGraph(await entry.load()) }))),
    loadCoverage(signal),
  ]);
  return { machines, coverage };
}

/** The chart as laid out when the app was built, else (a development server, an edited machine) laid out now. */
export async function drawMachine(machine: LoadedMachine): Promise<Drawing> {
  return unbake(machine.graph, baked[machine.id]) ?? layout(machine.graph);
}

export const explorerActors = {
  loadCatalogue: fromPromise(({ signal }) => loadCatalogue(signal)),
  drawMachine: fromPromise<Drawing, { machine: { id: string } }>(({ input }) => drawMachine(input.machine as LoadedMachine)),
};

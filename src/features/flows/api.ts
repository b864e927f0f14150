import { fromPromise } from 'xstate';
import baked from 'virtual:flows-layouts';
import type { ItemResponse } from '../../../contract/http';
import type { BookingTrace, TraceKind } from '../../../contract/lifecycle';
import type { MachineCoverageFile } from '../../../contract/machine-coverage';
import type { LoadedTrace, TraceQuery } from '../../../machines/flows-explorer';
import { get } from '../../api/calls';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import { unbake } from './baked';
import { MACHINES, type MachineEntry } from './catalogue';
import { toGraph, type FlowGraph } from './graph';
import { layout, type Drawing } from './layout';
import { kindsToTry } from './trace';

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

/**
 * The catalogue's lifecycle machine of a kind: the one the trace names, else the lifecycle machine (machines/lifecycle/)
 * whose id or file names the kind.
 */
export function lifecycleEntryOf(kind: TraceKind, named: string, machines: readonly MachineEntry[] = MACHINES): string {
  const lifecycles = machines.filter((m) => m.file.startsWith('machines/lifecycle/'));
  return (machines.find((m) => m.id === named) ?? lifecycles.find((m) => m.id.includes(kind) || m.file.includes(kind)))?.id ?? named;
}

/** A failed call with its HTTP status, which tells the explorer an unknown booking from one the role may not read. */
const withStatus = (err: unknown) => ({ ...describeError(err), status: (err as { status?: number }).status });

/**
 * A booking's trace by its reference: the kind the address names, else the one the reference's shape says, else each
 * kind in turn until one knows it (404 only when none does).
 */
export async function loadTrace({ reference, kind }: TraceQuery, signal?: AbortSignal): Promise<LoadedTrace<BookingTrace>> {
  const kinds = kindsToTry(reference, kind);
  for (const [i, k] of kinds.entries()) {
    try {
      const r = await request<ItemResponse<BookingTrace>>(`/bookings/${k}/${encodeURIComponent(reference.trim())}/trace`, { signal });
      return { machine: lifecycleEntryOf(k, r.data.machine), kind: k, trace: r.data };
    } catch (err) {
      if ((err as { status?: number }).status !== 404 || i === kinds.length - 1) throw withStatus(err);
    }
  }
  throw withStatus({ status: 404 });
}

export const explorerActors = {
  loadCatalogue: fromPromise(({ signal }) => loadCatalogue(signal)),
  drawMachine: fromPromise<Drawing, { machine: { id: string } }>(({ input }) => drawMachine(input.machine as LoadedMachine)),
  loadTrace: fromPromise<LoadedTrace<BookingTrace>, TraceQuery>(({ input, signal }) => loadTrace(input, signal)),
};

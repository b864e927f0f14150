/**
 * The process-wide network: read from the snapshot the build saved, or built, once per process; a server warms it
 * a step per turn of the event loop so requests are never held for the whole build.
 */
import type { Airport } from '../../reference';
import { finish, networkSteps } from './network';
import { networkSnapshotCurrent, readSnapshotSteps } from './network-snapshot';
import type { Network } from './network-types';

let shared: Network | undefined;
let building: Generator<void, Network> | undefined;

/** The network `npm run build` saved when it is this code's (network-snapshot.ts), else built: in steps either way. */
function* savedOrBuilt(): Generator<void, Network> {
  return (yield* readSnapshotSteps()) ?? (yield* networkSteps());
}

/**
 * The process-wide network: read from the one the build saved (~0.1 s) or built (one to several seconds) on first
 * use, or finished at once if warmNetwork has started either.
 */
export function defaultNetwork(): Network {
  if (!shared) {
    shared = finish(building ?? savedOrBuilt());
    building = undefined;
  }
  return shared;
}

/** Whether the build saved this code's network, so that getting it is a read rather than a build. */
export const hasSavedNetwork = (): boolean => networkSnapshotCurrent();

/** Reads or builds the process-wide network one step per turn of the event loop; resolves once it is there. */
export function warmNetwork(): Promise<void> {
  return new Promise((resolve) => {
    const step = () => {
      if (shared) return resolve();
      building ??= savedOrBuilt();
      const r = building.next();
      if (r.done) { shared = r.value; building = undefined; resolve(); } else setImmediate(step);
    };
    setImmediate(step);
  });
}

/**
 * Weekly departures per airport on a log scale (0 to ~5): the "busiest first" order for airport
 * autocomplete (pass it to searchAirports from server/reference).
 */
export function trafficScore(net: Network): (a: Airport) => number {
  // Counted once per network (a network never changes): every autocomplete request asks for it.
  let score = trafficScores.get(net);
  if (!score) {
    const weekly = new Float64Array(net.airports.length);
    for (const r of net.routes) for (const s of r.services) {
      let days = 0;
      for (let m = s.days; m; m &= m - 1) days++;
      weekly[r.o] += days;
    }
    score = (a) => { const i = net.index.get(a.iata); return i === undefined ? 0 : Math.log10(1 + weekly[i]); };
    trafficScores.set(net, score);
  }
  return score;
}
const trafficScores = new WeakMap<Network, (a: Airport) => number>();

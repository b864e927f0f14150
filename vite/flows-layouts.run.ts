/**
 * Lays out every machine of the explorer's catalogue and prints the baked charts as JSON (src/features/flows/baked.ts);
 * run by vite/flows-layouts.ts while the app is built.
 */
import { MACHINES } from '../src/features/flows/catalogue';
import { toGraph } from '../src/features/flows/graph';
import { layout } from '../src/features/flows/layout';
import { bake, type BakedDrawing } from '../src/features/flows/baked';

const out: Record<string, BakedDrawing> = {};
for (const entry of MACHINES) {
  const g = toGraph(await entry.load());
  out[entry.id] = bake(g, await layout(g));
}
process.stdout.write(JSON.stringify(out));

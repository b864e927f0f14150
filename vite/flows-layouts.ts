import { spawnSync } from 'node:child_process';
import type { Plugin } from 'vite';

/**
 * `virtual:flows-layouts`: every explorer chart laid out while the app is built (src/features/flows/baked.ts), so a
 * chart opens without running ELK in the page. The layout runs in its own Node process (the machines are TypeScript
 * with their own imports). The development server answers none: charts are laid out in the page, as edited.
 */
const ID = 'virtual:flows-layouts';

export function flowsLayouts(): Plugin {
  let build = false;
  let root = process.cwd();
  return {
    name: 'safar-flows-layouts',
    configResolved(config) { build = config.command === 'build'; root = config.root; },
    resolveId(id) { return id === ID ? `\0${ID}` : null; },
    load(id) {
      if (id !== `\0${ID}`) return null;
      if (!build) return 'export default {};';
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'vite/flows-layouts.run.ts'], { cwd: root, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
      if (run.status !== 0) throw new Error(`laying out the explorer's charts failed:\n${run.stderr}`);
      return `export default ${run.stdout};`;
    },
  };
}

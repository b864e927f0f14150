import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_SECTIONS, FEATURE_SECTIONS, dictionaryChunks } from '../../vite/dictionary';
import { ROUTES } from '../../src/app/routes';

/**
 * The first-load dictionary leaves out the sections screens bring along (vite/dictionary.ts). What must hold: every
 * route title stays in it (the menu and the page title show them before a screen's code), and no public or sign-in
 * screen uses a string of the agent and back-office areas, which only those areas' screens wait for.
 */
type Tree = { [k: string]: string | Tree };
const root = resolve(__dirname, '../..');

function firstLoad(lng: 'en' | 'ar'): Tree {
  const plugin = dictionaryChunks() as unknown as { configResolved(c: unknown): void; transform(code: string, id: string): { code: string } };
  plugin.configResolved({ command: 'build', root });
  const file = resolve(root, `locales/${lng}.json`);
  return JSON.parse(plugin.transform(readFileSync(file, 'utf8'), file).code) as Tree;
}
const lookup = (t: Tree, key: string) => key.split('.').reduce<Tree | string | undefined>((o, k) => (typeof o === 'object' ? o[k] : undefined), t);

/** The files a module imports statically (relative imports of our sources), recursively. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const m of code.matchAll(/^import\s+(?!type\b)(?:[^'";]*?from\s+)?'(\.[^']+)'/gm)) {
    const base = resolve(dirname(file), m[1]);
    const target = ['', '.ts', '.tsx', '/index.ts'].map((e) => base + e).find((p) => existsSync(p) && /\.tsx?$/.test(p));
    if (target) closure(target, seen);
  }
  return seen;
}

describe('the first-load dictionary', () => {
  it.each(['en', 'ar'] as const)('keeps every route title (%s)', (lng) => {
    const dict = firstLoad(lng);
    const missing = ROUTES.map((r) => r.title).filter((k) => typeof lookup(dict, k) !== 'string');
    expect(missing).toEqual([]);
  });

  it('leaves out the feature and area sections but their route titles', () => {
    const dict = firstLoad('en');
    for (const s of [...FEATURE_SECTIONS, ...AREA_SECTIONS]) {
      const titles = ROUTES.map((r) => r.title).filter((k) => k.startsWith(`${s}.`));
      if (!titles.length) expect(dict[s], s).toBeUndefined();
    }
    expect(lookup(dict, 'users.title')).toBe('Users');
    expect(lookup(dict, 'users.confirm')).toBeUndefined();
  });

  it('no public or sign-in screen uses a string of the agent and back-office areas', () => {
    const routes = readFileSync(resolve(root, 'src/app/routes.ts'), 'utf8').split('\n');
    const offenders: string[] = [];
    for (const line of routes) {
      const layout = /layout: '(\w+)'/.exec(line)?.[1];
      const mod = /import\('\.\.\/([^']+)'\)/.exec(line)?.[1];
      if (!layout || !mod || layout === 'admin' || layout === 'agent') continue;
      const entry = ['.tsx', '.ts'].map((e) => resolve(root, 'src', mod + e)).find(existsSync)!;
      // Only the app's own files: contract/ names permissions such as 'users.manage', which are not strings.
      for (const file of [...closure(entry)].filter((f) => f.startsWith(resolve(root, 'src')))) {
        const code = readFileSync(file, 'utf8');
        const used = AREA_SECTIONS.filter((s) => new RegExp(`['"\`]${s}\\.[a-zA-Z$]`).test(code));
        if (used.length) offenders.push(`${line.match(/path: '([^']+)'/)?.[1]} → ${file.slice(root.length + 1)} (${used.join(', ')})`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

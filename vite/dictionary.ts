import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * What the reader's dictionary (locales/en.json, ar.json) ships on every first visit, and what it leaves to the
 * screens that need it:
 * - The English dictionary goes without its `server` section when every entry there maps a server text to itself:
 *   the app shows a server text as it came when the dictionary has nothing for it, so those entries change nothing
 *   on screen (about 3 KB gzip of 237 sentences). An entry that says something else in English is kept.
 * - Sections of one feature (`hotels`, the explorer's `flows`, My trips' `trips`) leave both dictionaries: `virtual:dictionary/<section>`
 *   holds them in both languages, and the feature's screens register it when their code is loaded (addSection).
 *   A key the route table names as a page title stays in the first load (see below).
 * - Sections only the agent and back-office screens use leave both dictionaries together: `virtual:dictionary/area`
 *   holds them, and every screen of those areas waits for it with its code (src/app/screens.ts). The keys the route
 *   table names as page titles stay in the first load, because the area's menu and the page title show them before
 *   a screen's code is in.
 * Build only: tests and the dev server read the files whole. The files keep every key, so both locales stay alike.
 */
export const FEATURE_SECTIONS = ['hotels', 'flows', 'trips', 'checkout', 'about', 'contact', 'transactions', 'notifications', 'packageBookings', 'visaApplications', 'insurancePolicy', 'pnrConsole', 'dashboards', 'usersSummary', 'payment', 'booking', 'leads', 'reissue', 'extras', 'scheduleChanges', 'queues', 'reconciliation'] as const;
/** Used only by screens of the agent and admin layouts (no public page, layout or shared ui component reads them). */
export const AREA_SECTIONS = ['ledger', 'pnr', 'rates', 'users', 'deposits', 'permissions', 'bookingSettings', 'agentProfile', 'quotes', 'airports', 'margins', 'charges', 'banners', 'banks', 'airlines', 'suppliers', 'aircraft', 'admin', 'agent', 'agency'] as const;
const VIRTUAL = 'virtual:dictionary/';
type Strings = { [key: string]: string | Strings };

/** The dictionary keys src/app/routes.ts names as titles (`title: 'users.title'`). */
function routeTitles(root: string): string[] {
  const routes = readFileSync(resolve(root, 'src/app/routes.ts'), 'utf8');
  return [...routes.matchAll(/title: '([\w.]+)'/g)].map((m) => m[1]);
}

/** Only the given dotted keys of a section (`dashboard.title` of `agent`), nested as they were. */
function pick(section: Strings, keys: string[]): Strings {
  const out: Strings = {};
  for (const key of keys) {
    const path = key.split('.');
    let from: Strings | string | undefined = section;
    let to = out;
    path.forEach((part, i) => {
      if (typeof from !== 'object') return;
      from = from[part];
      if (from === undefined) return;
      if (i === path.length - 1) to[part] = from;
      else to = (to[part] ??= {}) as Strings;
    });
  }
  return out;
}

export function dictionaryChunks(): Plugin {
  let build = false;
  let root = process.cwd();
  return {
    name: 'safar-dictionary-chunks',
    enforce: 'pre',
    configResolved(config) { build = config.command === 'build'; root = config.root; },
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const section = id.slice(VIRTUAL.length + 1);
      const file = (lng: string) => JSON.parse(readFileSync(resolve(root, `locales/${lng}.json`), 'utf8')) as Record<string, unknown>;
      const of = (lng: string) => (section === 'area' ? Object.fromEntries(AREA_SECTIONS.map((s) => [s, file(lng)[s] ?? {}])) : file(lng)[section] ?? {});
      return `export default ${JSON.stringify({ en: of('en'), ar: of('ar') })};`;
    },
    transform(code, id) {
      const m = /[\\/]locales[\\/](en|ar)\.json$/.exec(id);
      if (!build || !m) return null;
      const dictionary = JSON.parse(code) as Record<string, unknown> & { server?: Record<string, string> };
      const titles = routeTitles(root);
      for (const section of [...FEATURE_SECTIONS, ...AREA_SECTIONS]) {
        const kept = pick((dictionary[section] ?? {}) as Strings, titles.filter((k) => k.startsWith(`${section}.`)).map((k) => k.slice(section.length + 1)));
        if (Object.keys(kept).length) dictionary[section] = kept;
        else delete dictionary[section];
      }
      if (m[1] === 'en' && dictionary.server) {
        const changed = Object.entries(dictionary.server).filter(([from, to]) => from !== to);
        if (changed.length) dictionary.server = Object.fromEntries(changed);
        else delete dictionary.server;
      }
      return { code: JSON.stringify(dictionary), map: null };
    },
  };
}

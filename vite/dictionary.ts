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
 * Build only: tests and the dev server read the files whole. The files keep every key, so both locales stay alike.
 */
export const FEATURE_SECTIONS = ['hotels', 'flows', 'trips', 'checkout', 'about', 'contact', 'transactions', 'notifications', 'packageBookings', 'visaApplications', 'insurancePolicy', 'pnrConsole', 'dashboards', 'reissue'] as const;
const VIRTUAL = 'virtual:dictionary/';

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
      const of = (lng: string) => (JSON.parse(readFileSync(resolve(root, `locales/${lng}.json`), 'utf8')) as Record<string, unknown>)[section] ?? {};
      return `export default ${JSON.stringify({ en: of('en'), ar: of('ar') })};`;
    },
    transform(code, id) {
      const m = /[\\/]locales[\\/](en|ar)\.json$/.exec(id);
      if (!build || !m) return null;
      const dictionary = JSON.parse(code) as Record<string, unknown> & { server?: Record<string, string> };
      for (const section of FEATURE_SECTIONS) delete dictionary[section];
      if (m[1] === 'en' && dictionary.server) {
        const changed = Object.entries(dictionary.server).filter(([from, to]) => from !== to);
        if (changed.length) dictionary.server = Object.fromEntries(changed);
        else delete dictionary.server;
      }
      return { code: JSON.stringify(dictionary), map: null };
    },
  };
}

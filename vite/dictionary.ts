import type { Plugin } from 'vite';

/**
 * The English dictionary ships without its `server` section when every entry there maps a server text to itself:
 * the app shows a server text as it came when the dictionary has nothing for it, so those entries change nothing on
 * screen and only weigh on the first load (about 3 KB gzip of 237 sentences). The section stays in en.json so
 * both locales keep the same keys; an entry that says something else in English is kept.
 */
export function englishServerTexts(): Plugin {
  return {
    name: 'safar-english-server-texts',
    enforce: 'pre',
    apply: 'build', // tests read en.json whole
    transform(code, id) {
      if (!/[\\/]locales[\\/]en\.json$/.test(id)) return null;
      const dictionary = JSON.parse(code) as { server?: Record<string, string> };
      if (dictionary.server) {
        const changed = Object.entries(dictionary.server).filter(([from, to]) => from !== to);
        if (changed.length) dictionary.server = Object.fromEntries(changed);
        else delete dictionary.server;
      }
      return { code: JSON.stringify(dictionary), map: null };
    },
  };
}

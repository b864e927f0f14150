import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';
import { ROUTES } from '../../src/app/routes';
import { ROLES, STAFF_ROLES } from '../../contract/auth';
import { PERMISSIONS } from '../../contract/permissions';

/** Every visible string in both languages: same keys, real Arabic, and every key the app uses exists. */
type Tree = { [k: string]: string | Tree };
function flatten(t: Tree, prefix = ''): Record<string, string> {
  return Object.entries(t).reduce<Record<string, string>>((out, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    // The server dictionary is keyed by English sentences; compare it as a whole.
    if (typeof v === 'string' || prefix === 'server') out[key] = String(v);
    else Object.assign(out, flatten(v, key));
    return out;
  }, {});
}
const EN = flatten(en as Tree);
const AR = flatten(ar as Tree);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

/** i18next plural forms: English has _one/_other, Arabic all six CLDR categories; compare them by base key. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (k: string) => k.replace(PLURAL, '');
const baseKeys = (o: Record<string, string>) => [...new Set(Object.keys(o).map(base))].sort();
const hasKey = (o: Record<string, string>, k: string) => k in o || `${k}_other` in o;

describe('locales', () => {
  it('en and ar have the same keys', () => {
    expect(baseKeys(AR)).toEqual(baseKeys(EN));
    // every English plural has the Arabic categories it needs
    for (const k of Object.keys(EN).filter((x) => x.endsWith('_other'))) {
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) expect(AR, `${base(k)}_${form}`).toHaveProperty([`${base(k)}_${form}`]);
    }
    expect(Object.keys((ar as { server: object }).server).sort()).toEqual(Object.keys((en as { server: object }).server).sort());
  });

  it('Arabic strings are Arabic', () => {
    const notArabic = Object.entries(AR).filter(([k, v]) => !k.startsWith('server') && v && !/[\u0600-\u06FF]/.test(v) && !/^[\d:\s–-]+$/.test(v));
    expect(notArabic).toEqual([]);
    const server = Object.entries((ar as { server: Record<string, string> }).server).filter(([, v]) => !/[\u0600-\u06FF]/.test(v));
    expect(server).toEqual([]);
  });

  it('placeholders survive translation', () => {
    const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [k, v] of Object.entries(EN)) {
      // Arabic says "one", "two" and "none" in words, so {{count}} may be absent from those forms.
      const drop = (xs: string[]) => (PLURAL.test(k) ? xs.filter((x) => x !== 'count') : xs);
      expect(drop(names(AR[k] ?? '')), k).toEqual(drop(names(v)));
    }
  });

  it('every literal key used in src and every route title exists', () => {
    const used = new Set<string>(ROUTES.map((r) => r.title));
    for (const file of sources(join(__dirname, '../../src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\('([a-zA-Z][\w.]+)'/g)) used.add(m[1]);
      for (const m of text.matchAll(/key: '([a-z]+\.[\w.]+)'/g)) used.add(m[1]);
    }
    const missing = [...used].filter((k) => !hasKey(EN, k) || !hasKey(AR, k));
    expect(missing).toEqual([]);
  });

  it('keys built from the contract exist: roles, permissions, staff summaries', () => {
    const keys = [
      ...ROLES.map((r) => `roles.${r}`),
      ...PERMISSIONS.map((p) => `permissions.${p.replace('.', '_')}`),
      ...STAFF_ROLES.map((r) => `admin.dashboard.roleSummary.${r}`),
    ];
    expect(keys.filter((k) => !(k in EN) || !(k in AR))).toEqual([]);
  });
});

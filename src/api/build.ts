import { BUILD_HEADER, buildOf } from '../../contract/http';

/**
 * Which build of the app this tab runs, and whether the server has since been deployed with another one.
 *
 * A tab left open across a deploy keeps running the old app: its screens' chunks are gone from the server, and an
 * answer whose shape changed cannot be read. The server names its build in every answer (the `X-Safar-Build` header:
 * the hash in its index.html's shell script name, which changes whenever any chunk does); once an answer names
 * another build than the page this tab loaded, the next navigation loads the new app in full (app/Router.tsx), and a
 * screen or answer this app cannot read reloads the page once.
 */

// Read once: the page this tab loaded (a development server has no shell script, and so never compares).
const own = typeof document === 'undefined' ? null : buildOf(document.querySelector<HTMLScriptElement>('script[src*="/assets/shell-"]')?.getAttribute('src'));
let newer: string | null = null;

/** Called with each answer's build header. */
export function heardBuild(id: string | null | undefined): void {
  if (own && id && id !== own) newer = id;
}

/** A build other than this tab's is being served. */
export const newBuildOut = (): boolean => newer !== null;

/**
 * Loads the current address afresh when a new build is out, once per build (should the new page fail the same way,
 * the reader gets its usual error rather than a loop). Returns whether it did.
 */
export function reloadForNewBuild(): boolean {
  if (!newer) return false;
  const key = `reloaded-for-build:${newer}`;
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch { /* storage refused: reload anyway; the new page will not be stale */ }
  window.location.reload();
  return true;
}

/** Asks the server which build it serves (a HEAD of the page, which carries the header), for a screen that failed to load. */
export async function checkBuild(): Promise<boolean> {
  if (!own) return false;
  try {
    const res = await fetch(window.location.pathname, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    heardBuild(res.headers.get(BUILD_HEADER));
  } catch { /* offline: nothing learnt */ }
  return newBuildOut();
}

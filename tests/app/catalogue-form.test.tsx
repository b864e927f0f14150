// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';
import { initI18n, lookupServerText, setLanguage } from '../../src/i18n';
import { AdminForm } from '../../src/features/catalogue/AdminForm';

/**
 * A catalogue form in a browser-like page (jsdom), on the resource-form machine: the contract's schema is checked
 * before anything is sent, its messages (and the server's) show beside their fields in English and Arabic, and
 * leaving with unsaved changes asks first, in the app (Back, Cancel) and when the tab closes.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Sent { method: string; path: string; body: unknown }
const sent: Sent[] = [];
let reply: (s: Sent) => { status?: number; body: unknown };
let root: Root | null = null;
let host: HTMLElement;

beforeAll(async () => { await initI18n('en', en); });
beforeEach(async () => {
  sent.length = 0;
  await act(() => setLanguage('en'));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(new URL(String(input instanceof Request ? input.url : input), window.location.origin), init);
    const url = new URL(req.url);
    const s = { method: req.method, path: url.pathname, body: req.method === 'GET' ? null : await req.json().catch(() => null) };
    if (url.pathname !== '/sanctum/csrf-cookie') sent.push(s);
    const { status = 200, body } = reply(s);
    return Response.json(body, { status });
  });
  host = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
  vi.unstubAllGlobals();
});

const AIRBUS = { id: 5, code: '320', name: 'A320', manufacturer: 'Airbus', seats: 180, range_km: 6100 };

async function open(path: string, mode: 'create' | 'edit') {
  window.history.pushState(null, '', path);
  root = createRoot(host);
  await act(async () => root!.render(<AdminForm resource="aircraft" mode={mode} />));
  await settle();
}
/** Lets the machine's calls answer and React render what followed. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));
const field = (name: string) => host.querySelector<HTMLInputElement>(`#f-${name}`)!;
const messageOf = (name: string) => host.querySelector(`#f-${name}-err`)?.textContent ?? null;
const button = (text: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === text)!;

async function type(name: string, value: string) {
  const input = field(name);
  // React reads the value through the prototype's setter, as a browser's typing sets it.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  await act(async () => { input.dispatchEvent(new Event('input', { bubbles: true })); });
}
async function click(b: HTMLButtonElement) {
  await act(async () => { b.click(); });
  await settle();
}
/** Whether closing or reloading the tab would ask first. */
function tabCloseAsks() {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
}

describe('a catalogue form checks the contract before sending', () => {
  it('refuses an empty form on the client, each message beside its field, in English and then Arabic', async () => {
    reply = () => ({ body: {} });
    await open('/admin/new/aircraft', 'create');
    await click(button('Save'));
    expect(sent).toEqual([]); // nothing reached the server
    expect(messageOf('code')).toBe('The code field is required.');
    expect(messageOf('name')).toBe('The name field is required.');
    expect(messageOf('manufacturer')).toBe('The manufacturer field is required.');
    expect(messageOf('seats')).toBe('The seats field is required.');
    expect(field('code').getAttribute('aria-invalid')).toBe('true');

    await act(() => setLanguage('ar'));
    for (const [name, english] of [['code', 'The code field is required.'], ['seats', 'The seats field is required.']]) {
      expect(messageOf(name)).toBe(lookupServerText(ar.server, english));
      expect(messageOf(name)).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it('a message goes once its field is right; a valid form is sent as typed and the list opens', async () => {
    reply = (s) => (s.method === 'POST' ? { status: 201, body: { message: 'Aircraft saved successfully', data: { ...AIRBUS, id: 9, code: '77W' } } } : { body: {} });
    await open('/admin/new/aircraft', 'create');
    await type('code', '77W');
    await type('name', 'Boeing 777-300ER');
    await type('manufacturer', 'Boeing');
    await type('seats', 'many');
    await click(button('Save'));
    expect(sent).toEqual([]);
    expect(messageOf('seats')).toBe('The seats must be a whole number.');
    expect(messageOf('code')).toBeNull();
    await type('seats', '396');
    expect(messageOf('seats')).toBeNull(); // checked again as it is typed
    await click(button('Save'));
    expect(sent).toEqual([{ method: 'POST', path: '/api/aircrafts', body: { code: '77W', name: 'Boeing 777-300ER', manufacturer: 'Boeing', seats: '396', range_km: '' } }]);
    expect(window.location.pathname).toBe('/admin/aircrafts');
  });

  it("the server's own refusal shows beside its field too, in the reader's language", async () => {
    await act(() => setLanguage('ar'));
    const exists = 'An aircraft with this code already exists.';
    reply = (s) => (s.method === 'POST' ? { status: 422, body: { message: exists, errors: { code: [exists] } } } : { body: {} });
    await open('/admin/new/aircraft', 'create');
    for (const [name, value] of [['code', '320'], ['name', 'A320'], ['manufacturer', 'Airbus'], ['seats', '180']]) await type(name, value);
    await click(host.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    expect(sent.map((s) => s.method)).toEqual(['POST']);
    expect(messageOf('code')).toBe(lookupServerText(ar.server, exists));
    expect(messageOf('code')).toMatch(/[\u0600-\u06ff]/);
    expect(window.location.pathname).toBe('/admin/new/aircraft'); // stays, with what was typed
    expect(field('name').value).toBe('A320');
  });
});

describe('a catalogue form asks before unsaved changes are lost', () => {
  beforeEach(() => { reply = (s) => (s.method === 'GET' ? { body: { data: AIRBUS } } : { body: { message: 'Aircraft saved successfully', data: AIRBUS } }); });

  it('an item just loaded leaves at once: Cancel goes back to the list and closing the tab asks nothing', async () => {
    await open('/admin/update/aircraft?id=5', 'edit');
    expect(sent).toEqual([{ method: 'GET', path: '/api/aircrafts/5', body: null }]);
    expect(field('name').value).toBe('A320');
    expect(tabCloseAsks()).toBe(false);
    await click(button('Cancel'));
    expect(window.location.pathname).toBe('/admin/aircrafts');
  });

  it('with a change, Back and Cancel ask; staying keeps the change, leaving drops it; the tab asks until it is saved', async () => {
    await open('/admin/update/aircraft?id=5', 'edit');
    await type('name', 'A320neo');
    expect(tabCloseAsks()).toBe(true);

    await click(button('Back to the list'));
    expect(window.location.pathname).toBe('/admin/update/aircraft');
    expect(host.textContent).toContain('You have unsaved changes. Leave this page?');
    expect(document.activeElement?.textContent).toBe('Cancel'); // staying is the default
    await click(document.activeElement as HTMLButtonElement);
    expect(host.textContent).not.toContain('You have unsaved changes.');
    expect(field('name').value).toBe('A320neo');

    // Typed back to what was loaded: nothing to lose, nothing asked.
    await type('name', 'A320');
    expect(tabCloseAsks()).toBe(false);
    await type('name', 'A320neo');

    await click(button('Cancel'));
    expect(host.textContent).toContain('You have unsaved changes. Leave this page?');
    await click(button('Leave without saving'));
    expect(window.location.pathname).toBe('/admin/aircrafts');
    expect(sent.map((s) => s.method)).toEqual(['GET']); // nothing saved
  });

  it('asks in Arabic, and a saved form no longer asks', async () => {
    await act(() => setLanguage('ar'));
    await open('/admin/update/aircraft?id=5', 'edit');
    await type('seats', '186');
    await click(button(ar.catalogue.cancel));
    expect(host.textContent).toContain(ar.machines.unsaved);
    expect(button(ar.catalogue.leave)).toBeTruthy();
    await click(host.querySelectorAll<HTMLButtonElement>('.confirm button')[1]);
    await click(host.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    expect(sent.at(-1)).toEqual({ method: 'PUT', path: '/api/aircrafts/5', body: { code: '320', name: 'A320', manufacturer: 'Airbus', seats: '186', range_km: '6100' } });
    expect(window.location.pathname).toBe('/admin/aircrafts');
    expect(tabCloseAsks()).toBe(false);
  });
});

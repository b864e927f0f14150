import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { Notice } from '../../machines/notice';
import { i18n, translateServer } from '../i18n';
import { describeError } from '../api/messages';

/**
 * Toasts: light, 5 s, top-right, kept across navigation. Messages are never HTML: we render our own strings and server text as React text nodes, so nothing is ever injected.
 *
 * react-toastify (6 KB gzip and its CSS) loads with the first toast, not with every page: most visits never
 * show one. A toast sent before its container mounts waits in react-toastify's queue and shows once it does.
 */

export function noticeText(notice: Notice): string {
  if (notice.key) return i18n.t(notice.key, notice.values ?? {});
  return translateServer(notice.text ?? '') || i18n.t('errors.unknown');
}

export type { ToastOptions } from './ToastHost';
import type { ToastOptions } from './ToastHost';

let wanted = false;
const listeners = new Set<() => void>();
const loadToasts = () => import('./ToastHost');

/** Shows a toast of this text: the one way screens and machines reach react-toastify. */
export function showToast(text: string, options: ToastOptions = {}): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  void loadToasts().then((m) => m.show(text, options));
}

export function notify(notice: Notice | null | undefined): void {
  if (!notice) return;
  showToast(noticeText(notice), { type: notice.status });
}

/** File errors (an upload refused, a file that would not delete) show in a dark toast; gives back the text shown. */
export function notifyFileError(err: unknown): string | undefined {
  const f = describeError(err);
  const text = f.fieldErrors.file ?? (f.notice ? noticeText(f.notice) : undefined);
  if (text) showToast(noticeText({ status: 'error', text }), { type: 'error', theme: 'dark' });
  return text;
}

const ToastHost = lazy(loadToasts);
const subscribe = (l: () => void) => { listeners.add(l); return () => listeners.delete(l); };

export function Toasts() {
  const mounted = useSyncExternalStore(subscribe, () => wanted, () => false);
  return mounted ? <Suspense fallback={null}><ToastHost /></Suspense> : null;
}

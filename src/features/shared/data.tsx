import { useCallback, useEffect, useState } from 'react';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import { isFailure } from '../../../machines/notice';
import { notify } from '../../ui/toast';
import { cleanQuery, takeLoad } from '../../api/early';

/**
 * Loading data and showing money and dates, for any screen: public pages take these without the back office's
 * styles (agents/kit.tsx re-exports them beside its tables and fields).
 */

export type { ListMeta } from '../../ui/table';
import type { ListMeta } from '../../ui/table';

/** GET on mount and whenever `deps` change; aborted when the screen is left. */
export function useLoad<T>(path: string | null, query?: Record<string, string | number | undefined>) {
  const key = JSON.stringify(query ?? {});
  const call = path
    ? (signal: AbortSignal) => {
        const early = takeLoad<{ data: T; meta?: ListMeta }>(path, query);
        const ask = () => request<{ data: T; meta?: ListMeta }>(path, { query: cleanQuery(query), signal });
        return early ? early.then((answer) => answer ?? ask()) : ask();
      }
    : null;
  return useCall(call, `${path}?${key}`);
}

/**
 * Runs `call` on mount and whenever `key` changes (a feature's api.ts function, which knows the URL); aborted when
 * the screen is left. A failure shows its toast and sets `failed`; `reload` asks again.
 */
export function useCall<T>(call: ((signal: AbortSignal) => Promise<{ data: T; meta?: ListMeta }>) | null, key: string) {
  const [data, setData] = useState<T | null>(null);
  const [meta, setMeta] = useState<ListMeta | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!call) return;
    const ac = new AbortController();
    setLoading(true);
    setFailed(false);
    call(ac.signal)
      .then((res) => {
        setData(res.data);
        setMeta(res.meta ?? null);
        setLoading(false);
      })
      .catch((err) => {
        if (ac.signal.aborted) return;
        notify(isFailure(err) ? err.notice : describeError(err).notice);
        setFailed(true);
        setLoading(false);
      });
    return () => ac.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, !call, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, meta, loading, failed, reload };
}

export function useQueryParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name);
}

export { DateText, formatDate, formatMoney, MoneyText } from '../../ui/format';


import { useCallback, useEffect, useState } from 'react';
import { request, reportError } from '../../api/client';
import { cleanQuery, takeLoad } from '../../api/early';

/**
 * Loading data and showing money and dates, for any screen: public pages take these without the back office's
 * styles (agents/kit.tsx re-exports them beside its tables and fields).
 */

export type { ListMeta } from '../../ui/table';
import type { ListMeta } from '../../ui/table';

/** GET on mount and whenever `deps` change; aborted when the screen is left. */
export function useLoad<T>(path: string | null, query?: Record<string, string | number | undefined>) {
  const [data, setData] = useState<T | null>(null);
  const [meta, setMeta] = useState<ListMeta | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    if (!path) return;
    const ac = new AbortController();
    setLoading(true);
    setFailed(false);
    const ask = () => request<{ data: T; meta?: ListMeta }>(path, { query: cleanQuery(query), signal: ac.signal });
    const early = takeLoad<{ data: T; meta?: ListMeta }>(path, query);
    (early ? early.then((answer) => answer ?? ask()) : ask())
      .then((res) => {
        setData(res.data);
        setMeta(res.meta ?? null);
        setLoading(false);
      })
      .catch((err) => {
        if (ac.signal.aborted) return;
        reportError(err);
        setFailed(true);
        setLoading(false);
      });
    return () => ac.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, key, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, meta, loading, failed, reload };
}

export function useQueryParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name);
}

export { DateText, formatDate, formatMoney, MoneyText } from '../../ui/format';

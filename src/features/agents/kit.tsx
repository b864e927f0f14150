import { useCallback, useEffect, useRef, useState } from 'react';
import { request, reportError, reportSuccess, type RequestOptions } from '../../api/client';

/**
 * The hand-written load and save hooks of the agent screens, on their way out (issue 14: screens run on the
 * machines of machines/ through src/ui/machines.ts). The UI pieces live in src/ui/ and are re-exported here
 * until every screen imports them from there.
 */

export { useLoad, useQueryParam } from '../shared/data';
export { DateText, formatDate, formatMoney, MoneyText } from '../../ui/format';
export { BackLink, PageHeader, StatusBadge } from '../../ui/page';
export { DataTable, ListFilters, Pager, type Column, type ListMeta } from '../../ui/table';
export { FileInput, SelectInput, Submit, TextArea, TextInput } from '../../ui/fields';

/** A save/delete call: toasts the server message on success, returns field errors on failure. */
export function useMutation() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ac = useRef<AbortController | null>(null);
  useEffect(() => () => ac.current?.abort(), []);
  const run = useCallback(async <T,>(path: string, options: RequestOptions): Promise<T | null> => {
    ac.current?.abort();
    ac.current = new AbortController();
    setBusy(true);
    setErrors({});
    try {
      const res = await request<T>(path, { ...options, signal: ac.current.signal });
      reportSuccess(res);
      return res;
    } catch (err) {
      setErrors(reportError(err).fieldErrors);
      return null;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, errors, setErrors, run };
}

export { useAgentOptions } from './useAgentOptions';

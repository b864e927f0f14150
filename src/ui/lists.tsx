import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { listBusy, resourceListMachine, type ActionResult, type ListItem, type ListPage, type ListQuery, type ResourceListInput, type RowAction } from '../../machines/resource-list';
import { useMachineScreen } from './machines';
import { DataTable, Pager, type Column } from './table';

/**
 * A list screen on the resource-list machine: the feature's api.ts gives the page loader and, when rows have
 * actions (delete, suspend...), the action runner; the machine keeps the query, the rows, the confirmation and
 * the reload after each action; ResourceTable shows loading, empty, "could not be loaded" with Try again, the
 * confirmation and the pager.
 */
export interface ListCalls<T extends ListItem> {
  load: (query: ListQuery, signal: AbortSignal) => Promise<ListPage<T>>;
  act?: (action: RowAction<T>, signal: AbortSignal) => Promise<ActionResult>;
}

export function useResourceList<T extends ListItem>(calls: ListCalls<T>, input: ResourceListInput = {}, on?: (e: { type: string; [k: string]: unknown }) => void) {
  // The calls are fixed for the screen's life (see useMachineScreen).
  const actors = useMemo(() => ({
    loadList: fromPromise(({ input: q, signal }: { input: ListQuery; signal: AbortSignal }) => calls.load(q, signal)),
    runAction: fromPromise(({ input: a, signal }: { input: RowAction<T>; signal: AbortSignal }) =>
      calls.act ? calls.act(a, signal) : Promise.reject(new Error(`no action "${a.action}" on this list`))),
  }), []); // eslint-disable-line react-hooks/exhaustive-deps
  const [snapshot, send] = useMachineScreen(resourceListMachine, { actors, input, on });
  const ctx = snapshot.context;
  return {
    snapshot,
    send,
    rows: ctx.items as T[],
    query: ctx.query,
    meta: { page: ctx.query.page, per_page: ctx.query.per_page, total: ctx.total },
    busy: listBusy(snapshot.value),
    pending: ctx.pending as RowAction<T> | null,
  };
}
export type ResourceListView<T extends ListItem> = ReturnType<typeof useResourceList<T>>;

/** The rows of a list with its states; `confirm` words the question for the action waiting to be confirmed. */
export function ResourceTable<T extends ListItem>({ list, columns, empty, caption, confirm }: {
  list: ResourceListView<T>;
  columns: Column<T>[];
  empty: string;
  caption?: string;
  confirm?: (pending: RowAction<T>) => { question: string; yes: string };
}) {
  const { t } = useTranslation();
  const { snapshot, send, pending } = list;
  const asking = pending && (snapshot.matches('confirming') || snapshot.matches('acting')) && confirm ? confirm(pending) : null;
  return (
    <>
      {asking ? (
        <ConfirmBox question={asking.question} yes={asking.yes} busy={snapshot.matches('acting')} onYes={() => send({ type: 'CONFIRM' })} onNo={() => send({ type: 'CANCEL' })} />
      ) : null}
      {snapshot.matches('loadFailed') ? (
        <div className="card state-card" role="alert">
          <p>{t('common.listFailed')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button>
        </div>
      ) : (
        <DataTable rows={snapshot.matches('loading') && !list.rows.length ? null : list.rows} columns={columns} loading={list.busy} empty={empty} caption={caption} />
      )}
      <Pager meta={list.meta} onPage={(page) => send({ type: 'PAGE', page })} />
    </>
  );
}

/** A question before an action that cannot be taken back. */
export function ConfirmBox({ question, yes, busy, onYes, onNo, children }: { question: string; yes: string; busy: boolean; onYes: () => void; onNo: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="confirm card" role="alertdialog" aria-labelledby="confirm-question">
      <p id="confirm-question">{question}</p>
      {children}
      <div className="button-row">
        <button type="button" className="btn btn-primary danger-bg" disabled={busy} onClick={onYes}>{yes}</button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onNo}>{t('agentsUi.cancel')}</button>
      </div>
    </div>
  );
}

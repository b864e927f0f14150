import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeNodes, type FlowGraph } from '../graph';
import { SupportFollow } from './SupportFollow';
import type { LiveActorLog } from './useLive';

/**
 * The live part of the explorer for the machine on screen: which running actor (of any tab of this browser, or of
 * the user whose support session is followed) to follow, its event log (time, event, masked payload) and back /
 * forward through its recorded transitions. The chart lights up the states of the entry the cursor is on; "Live"
 * follows the newest.
 */
export interface LiveView {
  actors: LiveActorLog[];
  actor: LiveActorLog | null;
  /** Picks an actor by its tab and id (`${tab} ${actor}`). */
  select: (actor: string) => void;
  /** Index into actor.entries; null follows the newest. */
  cursor: number | null;
  setCursor: (i: number | null) => void;
  /** The states lit on the chart. */
  active: ReadonlySet<string> | undefined;
}

const keyOf = (a: LiveActorLog) => `${a.tab} ${a.actor}`;

export function useLiveView(graph: FlowGraph | null, all: LiveActorLog[]): LiveView {
  const actors = useMemo(() => (graph ? all.filter((a) => a.machine === graph.root) : []), [all, graph]);
  const [chosen, select] = useState<string | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  useEffect(() => { select(null); setCursor(null); }, [graph]);
  // Follow the chosen actor, else the one that moved last. Actor ids repeat from tab to tab: the tab tells them apart.
  const actor = actors.find((a) => keyOf(a) === chosen)
    ?? [...actors].sort((a, b) => (b.entries.at(-1)?.time ?? 0) - (a.entries.at(-1)?.time ?? 0))[0] ?? null;
  const entry = actor ? actor.entries[cursor ?? actor.entries.length - 1] : undefined;
  const active = useMemo(() => (graph && entry ? new Set(activeNodes(graph, entry.value)) : undefined), [graph, entry]);
  return { actors, actor, select: (a) => { select(a); setCursor(null); }, cursor, setCursor, active };
}

const time = (t: number) => new Date(t).toISOString().slice(11, 23);
const payload = (e: Record<string, unknown> | null) => {
  if (!e) return '';
  const { type: _type, ...rest } = e;
  return Object.keys(rest).length ? JSON.stringify(rest) : '';
};
const stateText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

const label = (a: LiveActorLog) => [a.owner, a.path, a.actor].filter(Boolean).join(' · ');

export function LivePanel({ view }: { view: LiveView }) {
  const { t } = useTranslation();
  const { actors, actor, cursor, setCursor } = view;
  const head = <h3 id="flows-live-title">{t('flows.live.title')}</h3>;
  if (!actor) {
    return (
      <section className="card flows-live" aria-labelledby="flows-live-title" data-testid="flows-live">
        {head}
        <SupportFollow />
        <p className="muted">{t('flows.live.none')}</p>
      </section>
    );
  }
  const last = actor.entries.length - 1;
  const at = cursor ?? last;
  return (
    <section className="card flows-live" aria-labelledby="flows-live-title" data-testid="flows-live">
      <SupportFollow />
      <div className="flows-live-head">
        {head}
        <label className="field-label" htmlFor="flows-live-actor">{t('flows.live.actor')}</label>
        <select id="flows-live-actor" className="field-input" value={keyOf(actor)} onChange={(e) => view.select(e.target.value)}>
          {actors.map((a) => <option key={keyOf(a)} value={keyOf(a)}>{label(a)}</option>)}
        </select>
        <div className="flows-live-steps" role="group" aria-label={t('flows.live.steps')}>
          <button type="button" className="btn btn-secondary" onClick={() => setCursor(Math.max(0, at - 1))} disabled={at === 0}>{t('flows.live.back')}</button>
          <span className="muted" aria-live="polite">{t('flows.live.position', { at: at + 1, of: last + 1 })}</span>
          <button type="button" className="btn btn-secondary" onClick={() => setCursor(at + 1 >= last ? null : at + 1)} disabled={at >= last}>{t('flows.live.forward')}</button>
          <button type="button" className="btn btn-secondary" onClick={() => setCursor(null)} aria-pressed={cursor === null}>{t('flows.live.follow')}</button>
        </div>
      </div>
      {actor.owner && <p className="muted" data-testid="flows-live-owner">{t('support.whose', { owner: actor.owner })}</p>}
      <p className="flows-live-state">{t('flows.live.state')} <code dir="ltr" data-testid="flows-live-state">{stateText(actor.entries[at]?.value)}</code></p>
      <div className="flows-log-wrap">
        <table className="flows-log">
          <thead><tr><th>{t('flows.live.time')}</th><th>{t('flows.live.event')}</th><th>{t('flows.live.payload')}</th><th>{t('flows.live.to')}</th></tr></thead>
          <tbody>
            {actor.entries.map((e, i) => (
              <tr key={i} className={i === at ? 'is-current' : undefined} aria-current={i === at ? 'step' : undefined} onClick={() => setCursor(i === last ? null : i)}>
                <td dir="ltr">{time(e.time)}</td>
                <td dir="ltr"><code>{e.event?.type ?? t('flows.live.found')}</code></td>
                <td dir="ltr" className="flows-log-payload">{payload(e.event)}</td>
                <td dir="ltr"><code>{stateText(e.value)}</code></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { eventName, statesOf, type FlowGraph } from './graph';
import type { PathStep } from './paths';

/**
 * Beside the chart: pick a state for the shortest event sequence that reaches it, or read the transitions of the
 * event the search chose.
 */
interface Props {
  graph: FlowGraph;
  stateId: string | null;
  path: PathStep[] | null;
  onPick: (stateId: string | null) => void;
  event: string | null;
}

export function PathPanel({ graph, stateId, path, onPick, event }: Props) {
  const { t } = useTranslation();
  const short = (id: string) => graph.nodes[id]?.key ?? id;
  return (
    <aside className="card flows-side" aria-live="polite">
      <h3>{t('flows.pathTitle')}</h3>
      <label className="field-label" htmlFor="flows-state">{t('flows.pickState')}</label>
      <select id="flows-state" className="field-input" value={stateId ?? ''} onChange={(e) => onPick(e.target.value || null)}>
        <option value="">—</option>
        {statesOf(graph).map((n) => <option key={n.id} value={n.id}>{n.id.slice(graph.root.length + 1)}</option>)}
      </select>
      {stateId && path === null && <p>{t('flows.unreachable')}</p>}
      {stateId && path?.length === 0 && <p>{t('flows.isInitial')}</p>}
      {path && path.length > 0 && (
        <ol className="flows-path" data-testid="flows-path">
          {path.map((s, i) => (
            <li key={i}>
              <span dir="ltr">
                <code>{eventName(s.event)}</code>{s.guard && <span className="muted"> [{s.guard}]</span>}
                <span className="muted"> → {short(s.to)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
      {event && (
        <div data-testid="flows-event">
          <h3>{t('flows.search.eventTitle')} <code dir="ltr">{event}</code></h3>
          <ul className="flows-path">
            {graph.edges.filter((e) => e.event === event).map((e) => (
              <li key={e.id}>
                <span dir="ltr">
                  <button type="button" className="flows-link" onClick={() => onPick(e.source)}>{short(e.source)}</button>
                  {e.guard && <span className="muted"> [{e.guard}]</span>}
                  <span className="muted"> → {e.internal ? t('flows.search.staysPut') : short(e.target)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="muted flows-hint">{t('flows.guardsNote')}</p>
    </aside>
  );
}

import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, svgFile } from './Chart';
import { flowsExplorerMachine } from '../../../machines/flows-explorer';
import { useMachineScreen } from '../../ui/machines';
import { explorerActors, type loadCatalogue } from './api';
import type { MachineCoverage } from './coverage';
import { eventName, eventsOf, statesOf } from './graph';
import { LivePanel, useLiveView } from './live/LivePanel';
import { useLive } from './live/useLive';
import type { Drawing } from './layout';
import { shortestPathTo, shortestPaths } from './paths';
import './flows.css';
import './strings';

/**
 * The statechart explorer (/admin/flows): every machine of the product, one drawn at a time, with the shortest
 * event sequence to any state, the states and transitions the model-based tests reach, and the live state of the
 * app's actors in other tabs of this browser. Reading the machines and drawing one is the flows-explorer
 * machine's; this keeps presentation state only (the picked state, the coverage toggle).
 */

const counts = (c: MachineCoverage) => ({ states: c.states.length, statesTotal: c.statesTotal, transitions: c.transitions.length, transitionsTotal: c.transitionsTotal });

const initialMachine = () => new URLSearchParams(window.location.search).get('machine');

export default function FlowsExplorer() {
  const { t } = useTranslation();
  const [explorer, send] = useMachineScreen(flowsExplorerMachine, { actors: explorerActors, input: { open: initialMachine() } });
  const catalogue = explorer.context.catalogue as Awaited<ReturnType<typeof loadCatalogue>> | null;
  const loaded = catalogue?.machines ?? null;
  const coverage = explorer.matches('loading') ? undefined : catalogue?.coverage ?? null;
  const machineId = explorer.context.open;
  const [stateId, setStateId] = useState<string | null>(null);
  const current = loaded?.find((l) => l.id === machineId) ?? null;
  const drawing = explorer.matches({ ready: 'drawn' }) ? explorer.context.drawing as Drawing : null;
  const paths = useMemo(() => (current ? shortestPaths(current.graph) : []), [current]);
  const path = current && stateId ? shortestPathTo(current.graph, stateId, paths) : null;
  const svgRef = useRef<SVGSVGElement>(null);
  const [showCoverage, setShowCoverage] = useState(false);
  const live = useLive();
  const liveView = useLiveView(current?.graph ?? null, live);
  const machineCoverage = current && coverage ? coverage.machines[current.entry.id] : undefined;
  const covered = useMemo(() => {
    if (!showCoverage || !current || !machineCoverage) return undefined;
    const keys = new Set(machineCoverage.transitions);
    return { edges: new Set(current.graph.edges.filter((e) => keys.has(e.key)).map((e) => e.id)), states: new Set(machineCoverage.states) };
  }, [showCoverage, current, machineCoverage]);

  const open = (id: string) => {
    send({ type: 'OPEN', id });
    setStateId(null);
    const url = new URL(window.location.href);
    url.searchParams.set('machine', id);
    window.history.replaceState(null, '', url);
  };
  const exportSvg = () => {
    if (!svgRef.current || !current) return;
    const blob = new Blob([svgFile(svgRef.current)], { type: 'image/svg+xml' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${current.entry.id}.svg`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  if (explorer.matches('failed')) {
    return <div role="alert"><p>{t('flows.loadFailed')}</p><button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button></div>;
  }
  if (!loaded) return <div className="spinner" aria-label={t('flows.loading')} />;
  return (
    <div className="flows">
      <header className="flows-head">
        <h1>{t('flows.title')}</h1>
        <p className="muted">{t('flows.intro')}</p>
      </header>

      <ul className="flows-catalogue" aria-label={t('flows.catalogue')}>
        {loaded.map(({ entry, graph }) => (
          <li key={entry.id} className={`card flows-machine${entry.id === machineId ? ' is-open' : ''}`} data-machine={entry.id}>
            <h2><button type="button" className="flows-machine-open" onClick={() => open(entry.id)} aria-pressed={entry.id === machineId}>{entry.id}</button></h2>
            <p>{t(entry.purpose)}</p>
            <dl>
              <dt>{t('flows.states')}</dt><dd>{statesOf(graph).length}</dd>
              <dt>{t('flows.events')}</dt><dd className="flows-events">{eventsOf(graph).join(' · ')}</dd>
              <dt>{t('flows.usedIn')}</dt><dd className="flows-used">{entry.usedIn.map((u) => (u === '*' ? t('flows.everyScreen') : u)).join(' · ')}</dd>
              {coverage?.machines[entry.id] && (
                <><dt>{t('flows.coverage.short')}</dt><dd data-testid="flows-coverage">{t('flows.coverage.counts', counts(coverage.machines[entry.id]!))}</dd></>
              )}
              {live.some((a) => a.machine === graph.root) && (
                <><dt>{t('flows.live.title')}</dt><dd className="flows-live-badge">{t('flows.live.running', { count: live.filter((a) => a.machine === graph.root).length })}</dd></>
              )}
            </dl>
          </li>
        ))}
      </ul>

      {current && (
        <section className="flows-view" aria-labelledby="flows-view-title">
          <div className="flows-view-head">
            <h2 id="flows-view-title">{current.entry.id} <span className="muted">{current.entry.file}</span></h2>
            <div className="flows-view-tools">
              {machineCoverage && (
                <label className="flows-toggle">
                  <input type="checkbox" checked={showCoverage} onChange={(e) => setShowCoverage(e.target.checked)} /> {t('flows.coverage.show')}
                </label>
              )}
              <button type="button" className="btn btn-primary" onClick={exportSvg} disabled={!drawing}>{t('flows.exportSvg')}</button>
            </div>
          </div>
          {coverage === null && <p className="muted flows-hint" data-testid="flows-no-coverage">{t('flows.coverage.missing')} <code dir="ltr">npm run machines:coverage</code></p>}
          {covered && machineCoverage && (
            <p className="flows-legend" data-testid="flows-coverage-legend">
              <span className="flows-key is-reached" /> {t('flows.coverage.reached')} <span className="flows-key is-missed" /> {t('flows.coverage.missed')}
              {' · '}{t('flows.coverage.counts', counts(machineCoverage))} <span className="muted">({t('flows.coverage.generated', { at: coverage?.generatedAt.slice(0, 16).replace('T', ' ') })})</span>
            </p>
          )}
          <div className="flows-body">
            {drawing
              ? <Chart drawing={drawing} selected={stateId} onSelect={setStateId} svgRef={svgRef} highlight={path ? new Set(path.map((s) => s.edge)) : undefined}
                  active={liveView.active} covered={covered?.edges} coveredStates={covered?.states} />
              : explorer.matches({ ready: 'drawFailed' })
                ? <div role="alert"><p>{t('flows.drawFailed')}</p><button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button></div>
                : <div className="spinner" aria-label={t('flows.loading')} />}
            <aside className="card flows-side" aria-live="polite">
              <h3>{t('flows.pathTitle')}</h3>
              <label className="field-label" htmlFor="flows-state">{t('flows.pickState')}</label>
              <select id="flows-state" className="field-input" value={stateId ?? ''} onChange={(e) => setStateId(e.target.value || null)}>
                <option value="">—</option>
                {statesOf(current.graph).map((n) => <option key={n.id} value={n.id}>{n.id.slice(current.graph.root.length + 1)}</option>)}
              </select>
              {stateId && path === null && <p>{t('flows.unreachable')}</p>}
              {stateId && path?.length === 0 && <p>{t('flows.isInitial')}</p>}
              {path && path.length > 0 && (
                <ol className="flows-path" data-testid="flows-path">
                  {path.map((s, i) => (
                    <li key={i}>
                      <span dir="ltr">
                        <code>{eventName(s.event)}</code>{s.guard && <span className="muted"> [{s.guard}]</span>}
                        <span className="muted"> → {current.graph.nodes[s.to]!.key}</span>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
              <p className="muted flows-hint">{t('flows.guardsNote')}</p>
            </aside>
          </div>
          <LivePanel view={liveView} />
        </section>
      )}
    </div>
  );
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MACHINE_COVERAGE_COMMAND } from '../../../contract/machine-coverage';
import type { BookingTrace } from '../../../contract/lifecycle';
import { flowsExplorerMachine, type LoadedTrace } from '../../../machines/flows-explorer';
import { useMachineScreen } from '../../ui/machines';
import { explorerActors, type loadCatalogue } from './api';
import { Catalogue, coverageCounts } from './Catalogue';
import { Chart, svgFile, type ChartFocus } from './Chart';
import { eventsOf } from './graph';
import { LivePanel, useLiveView } from './live/LivePanel';
import { useLive } from './live/useLive';
import type { Drawing } from './layout';
import { PathPanel } from './PathPanel';
import { shortestPathTo, shortestPaths } from './paths';
import { FlowsSearch } from './Search';
import { stateOf, type FlowHit } from './search';
import { addressOf, bookingOf, focusEdge, intoView, writeAddress, type Selection } from './address';
import { nodeOf, overlayOf } from './trace';
import { TraceNotice, TracePanel } from './TracePanel';
import './flows.css';
import './strings';

/**
 * The statechart explorer (/admin/flows): every machine of the product, one drawn at a time, with the shortest
 * event sequence to any state, the states and transitions the model-based tests reach, and the live state of the
 * app's actors in other tabs of this browser. Reading the machines and drawing one is the flows-explorer
 * machine's; this keeps presentation state only: what is selected (mirrored in the address, so a link opens the
 * same chart on the same state) and where to take the reader. Opening a machine, from its card, the search or a
 * link, brings its chart into view: the cards above it run to thousands of pixels. A booking in the address
 * (`?booking=<reference>`) opens its lifecycle chart the same way, on its current state, with its path drawn.
 */

type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;
/**
 * A request to take the reader somewhere, a new `seq` each time: the chart pans to `state` (else the first transition
 * on `event`), `scroll` brings the chart into view, `keyboard` moves the focus to that state too.
 */
interface Target { seq: number; state: string | null; event: string | null; scroll: boolean; keyboard: boolean }

export default function FlowsExplorer() {
  const { t } = useTranslation();
  const [selection, setSelection] = useState<Selection>(addressOf);
  const [booking] = useState(bookingOf);
  const [explorer, send] = useMachineScreen(flowsExplorerMachine, { actors: explorerActors, input: { open: selection.machine, booking } });
  const catalogue = explorer.context.catalogue as Catalogue | null;
  const loaded = catalogue?.machines ?? null;
  const coverage = explorer.matches({ machines: 'loading' }) ? undefined : catalogue?.coverage;
  const machineId = explorer.context.open;
  const current = loaded?.find((l) => l.id === machineId) ?? null;
  const drawing = explorer.matches({ machines: { ready: 'drawn' } }) ? explorer.context.drawing as Drawing : null;
  const trace = explorer.context.trace as LoadedTrace<BookingTrace> | null;
  const overlay = useMemo(() => (current && trace?.machine === current.id ? overlayOf(current.graph, trace.trace) : null), [current, trace]);
  // A link that names a machine is taken there like a search hit.
  const [target, setTarget] = useState<Target | null>(() => (selection.machine ? { seq: 0, state: selection.state, event: selection.event, scroll: true, keyboard: true } : null));
  const mine = current && selection.machine === current.id ? selection : null;
  const stateId = current && mine ? stateOf(current.graph, mine.state) : null;
  const event = current && mine?.event && eventsOf(current.graph).includes(mine.event) ? mine.event : null;

  const paths = useMemo(() => (current ? shortestPaths(current.graph) : []), [current]);
  const path = useMemo(() => (current && stateId ? shortestPathTo(current.graph, stateId, paths) : null), [current, stateId, paths]);
  const highlight = useMemo(() => {
    if (path) return new Set(path.map((s) => s.edge));
    if (current && event) return new Set(current.graph.edges.filter((e) => e.event === event).map((e) => e.id));
    return overlay?.taken;
  }, [path, current, event, overlay]);
  // Only a new target moves the chart: clicking a state on it selects without panning away.
  const focus = useMemo<ChartFocus | null>(() => {
    if (!current || !target) return null;
    const id = nodeOf(current.graph, target.state) ?? (target.event ? focusEdge(current.graph, target.event) : null);
    return id ? { id, seq: target.seq, keyboard: target.keyboard } : null;
  }, [current, target]);

  const svgRef = useRef<SVGSVGElement>(null);
  const viewRef = useRef<HTMLElement>(null);
  const searchRef = useRef<HTMLDivElement>(null);
  const [showCoverage, setShowCoverage] = useState(false);
  const live = useLive();
  const liveView = useLiveView(current?.graph ?? null, live);
  const liveCounts = useMemo(() => {
    const m = new Map<string, number>();
    for (const a of live) m.set(a.machine, (m.get(a.machine) ?? 0) + 1);
    return m;
  }, [live]);
  const machineCoverage = current && coverage ? coverage.machines[current.entry.id] : undefined;
  const covered = useMemo(() => {
    if (!showCoverage || !current || !machineCoverage) return undefined;
    const keys = new Set(machineCoverage.transitions);
    return { edges: new Set(current.graph.edges.filter((e) => keys.has(e.key)).map((e) => e.id)), states: new Set(machineCoverage.states) };
  }, [showCoverage, current, machineCoverage]);

  useEffect(() => writeAddress(selection, current?.graph ?? null), [selection, current]);
  // Bring the chart into view once per target, when its section is on the page; the heading takes the focus unless
  // a state of the chart is about to.
  // A booking's trace, once read, takes the reader to its current state on its chart.
  useEffect(() => {
    if (!trace) return;
    setSelection({ machine: trace.machine, state: null, event: null });
    setTarget((was) => ({ seq: (was?.seq ?? 0) + 1, state: trace.trace.state, event: null, scroll: true, keyboard: false }));
  }, [trace]);
  const shownFor = useRef(-1);
  useEffect(() => {
    if (!target?.scroll || !current || current.id !== selection.machine || shownFor.current === target.seq || !viewRef.current) return;
    shownFor.current = target.seq;
    intoView(viewRef.current, target.keyboard && focus ? null : viewRef.current.querySelector('h2'));
  }, [target, current, selection.machine, focus]);

  const go = useCallback((next: Selection, how: Pick<Target, 'scroll' | 'keyboard'>) => {
    if (next.machine && next.machine !== machineId) send({ type: 'OPEN', id: next.machine });
    setSelection(next);
    setTarget((was) => ({ seq: (was?.seq ?? 0) + 1, state: next.state, event: next.event, ...how }));
  }, [machineId, send]);
  const openMachine = useCallback((id: string) => go({ machine: id, state: null, event: null }, { scroll: true, keyboard: false }), [go]);
  const choose = (hit: FlowHit) => go({ machine: hit.machine, state: hit.kind === 'state' ? hit.state : null, event: hit.kind === 'event' ? hit.event : null }, { scroll: true, keyboard: true });
  // A state picked on the chart is already in view; one picked from the list is brought to the middle of the chart.
  const selectOnChart = useCallback((id: string) => setSelection((s) => ({ ...s, state: id })), []);
  const pickFromList = (id: string | null) => {
    if (id) go({ ...selection, state: id }, { scroll: false, keyboard: false });
    else setSelection((s) => ({ ...s, state: null }));
  };
  const backToMachines = () => intoView(searchRef.current!, searchRef.current!.querySelector('input'));
  const exportSvg = () => {
    if (!svgRef.current || !current) return;
    const blob = new Blob([svgFile(svgRef.current)], { type: 'image/svg+xml' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${current.entry.id}.svg`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  const searchable = useMemo(() => (loaded ?? []).map((m) => ({ id: m.id, graph: m.graph, purpose: t(m.entry.purpose) })), [loaded, t]);

  const traceStatus = !booking ? null
    : explorer.matches({ booking: 'loading' }) ? 'loading' as const
      : explorer.matches({ booking: 'notFound' }) ? 'notFound' as const
        : explorer.matches({ booking: 'forbidden' }) ? 'forbidden' as const
          : explorer.matches({ booking: 'failed' }) ? 'failed' as const
            : trace && loaded && !loaded.some((m) => m.id === trace.machine) ? 'noChart' as const : null;

  if (explorer.matches({ machines: 'failed' })) {
    return <div role="alert"><p>{t('flows.loadFailed')}</p><button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button></div>;
  }
  if (!loaded) return <div className="spinner" aria-label={t('flows.loading')} />;
  return (
    <div className="flows">
      <header className="flows-head" ref={searchRef}>
        <h1>{t('flows.title')}</h1>
        <p className="muted">{t('flows.intro')}</p>
        <FlowsSearch machines={searchable} onChoose={choose} />
      </header>
      {booking && traceStatus && <TraceNotice reference={booking.reference} status={traceStatus} onRetry={() => send({ type: 'RETRY_TRACE' })} />}

      <Catalogue machines={loaded} open={machineId} coverage={coverage} live={liveCounts} onOpen={openMachine} />

      {current && (
        <section className="flows-view" aria-labelledby="flows-view-title" ref={viewRef} data-testid="flows-view">
          <div className="flows-view-head">
            <h2 id="flows-view-title" tabIndex={-1}>{current.entry.id} <span className="muted">{current.entry.file}</span></h2>
            <div className="flows-view-tools">
              <button type="button" className="btn btn-secondary" onClick={backToMachines}>{t('flows.search.back')}</button>
              {machineCoverage && (
                <label className="flows-toggle">
                  <input type="checkbox" checked={showCoverage} onChange={(e) => setShowCoverage(e.target.checked)} /> {t('flows.coverage.show')}
                </label>
              )}
              <button type="button" className="btn btn-primary" onClick={exportSvg} disabled={!drawing}>{t('flows.exportSvg')}</button>
            </div>
          </div>
          {coverage === null && <p className="muted flows-hint" data-testid="flows-no-coverage">{t('flows.coverage.missing')} <code dir="ltr">{MACHINE_COVERAGE_COMMAND}</code></p>}
          {covered && machineCoverage && (
            <p className="flows-legend" data-testid="flows-coverage-legend">
              <span className="flows-key is-reached" /> {t('flows.coverage.reached')} <span className="flows-key is-missed" /> {t('flows.coverage.missed')}
              {' · '}{t('flows.coverage.counts', coverageCounts(machineCoverage))} <span className="muted">({t('flows.coverage.generated', { at: coverage?.generatedAt.slice(0, 16).replace('T', ' ') })})</span>
            </p>
          )}
          <div className="flows-body">
            {drawing
              ? <Chart drawing={drawing} selected={stateId} onSelect={selectOnChart} svgRef={svgRef} highlight={highlight}
                  active={overlay?.active ?? liveView.active} upcoming={overlay?.upcoming} covered={covered?.edges} coveredStates={covered?.states} focus={focus} />
              : explorer.matches({ machines: { ready: 'drawFailed' } })
                ? <div role="alert"><p>{t('flows.drawFailed')}</p><button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button></div>
                : <div className="flows-drawing"><div className="spinner" aria-label={t('flows.loading')} /></div>}
            <div className="flows-side-col">
              {overlay && trace && booking && <TracePanel reference={booking.reference} kind={trace.kind} trace={trace.trace} />}
              <PathPanel graph={current.graph} stateId={stateId} path={path} onPick={pickFromList} event={event} />
            </div>
          </div>
          <LivePanel view={liveView} />
        </section>
      )}
    </div>
  );
}

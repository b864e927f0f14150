import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MachineCoverage, MachineCoverageFile } from '../../../contract/machine-coverage';
import type { LoadedMachine } from './api';
import { eventsOf, statesOf } from './graph';

/**
 * The explorer's cards, one a machine: what it is for, its states and events, the screens that run it, what the tests
 * reach and how many of it run live. Each card's figures are worked out once; a live update only changes counts.
 */
export const coverageCounts = (c: MachineCoverage) => ({ states: c.states.length, statesTotal: c.statesTotal, transitions: c.transitions.length, transitionsTotal: c.transitionsTotal });

interface Props {
  machines: readonly LoadedMachine[];
  open: string | null;
  coverage: MachineCoverageFile | null | undefined;
  /** Live actors by machine (root state id). */
  live: ReadonlyMap<string, number>;
  onOpen: (id: string) => void;
}

export const Catalogue = memo(function Catalogue({ machines, open, coverage, live, onOpen }: Props) {
  const { t } = useTranslation();
  const summaries = useMemo(() => machines.map((m) => ({ ...m, states: statesOf(m.graph).length, events: eventsOf(m.graph).join(' · ') })), [machines]);
  return (
    <ul className="flows-catalogue" aria-label={t('flows.catalogue')}>
      {summaries.map(({ entry, graph, states, events }) => {
        const running = live.get(graph.root) ?? 0;
        const cov = coverage?.machines[entry.id];
        return (
          <li key={entry.id} className={`card flows-machine${entry.id === open ? ' is-open' : ''}`} data-machine={entry.id}>
            <h2><button type="button" className="flows-machine-open" onClick={() => onOpen(entry.id)} aria-pressed={entry.id === open}>{entry.id}</button></h2>
            <p>{t(entry.purpose)}</p>
            <dl>
              <dt>{t('flows.states')}</dt><dd>{states}</dd>
              <dt>{t('flows.events')}</dt><dd className="flows-events">{events}</dd>
              <dt>{t('flows.usedIn')}</dt><dd className="flows-used">{entry.usedIn.map((u) => (u === '*' ? t('flows.everyScreen') : u)).join(' · ')}</dd>
              {cov && <><dt>{t('flows.coverage.short')}</dt><dd data-testid="flows-coverage">{t('flows.coverage.counts', coverageCounts(cov))}</dd></>}
              {running > 0 && <><dt>{t('flows.live.title')}</dt><dd className="flows-live-badge">{t('flows.live.running', { count: running })}</dd></>}
            </dl>
          </li>
        );
      })}
    </ul>
  );
});

import { useDeferredValue, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { label, searchFlows, type FlowHit, type Searchable } from './search';

/**
 * The search box over every machine: what it finds is a list of buttons (arrow keys move through them, Escape
 * goes back to the box); choosing one opens that machine's chart on the state or event. The first MAX hits are
 * listed, and the count says how many there are in all.
 */
const MAX = 30;

export function FlowsSearch({ machines, onChoose }: { machines: readonly Searchable[]; onChoose: (hit: FlowHit) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  // Typing stays quick while the hits of a long list are worked out behind it.
  const deferred = useDeferredValue(query);
  const hits = useMemo(() => searchFlows(machines, deferred), [machines, deferred]);
  const shown = hits.slice(0, MAX);

  const move = (e: KeyboardEvent<HTMLElement>) => {
    const buttons = [...(e.currentTarget.closest('.flows-search')?.querySelectorAll<HTMLButtonElement>('.flows-hit') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : null;
    if (e.key === 'Escape' && at >= 0) { e.preventDefault(); e.currentTarget.closest('.flows-search')?.querySelector('input')?.focus(); }
    if (next === null || !buttons.length) return;
    e.preventDefault();
    if (next < 0) e.currentTarget.closest('.flows-search')?.querySelector('input')?.focus();
    else buttons[Math.min(next, buttons.length - 1)]!.focus();
  };

  return (
    <div className="flows-search" role="search" onKeyDown={move}>
      <label className="field-label" htmlFor="flows-search">{t('flows.search.label')}</label>
      <input
        id="flows-search" type="search" className="field-input" dir="auto" autoComplete="off" spellCheck={false}
        value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('flows.search.placeholder')}
        aria-describedby="flows-search-status" aria-controls="flows-search-hits"
      />
      <p id="flows-search-status" className="muted flows-search-status" aria-live="polite">
        {deferred.trim() && (hits.length
          ? hits.length > MAX ? t('flows.search.more', { shown: MAX, count: hits.length }) : t('flows.search.count', { count: hits.length })
          : t('flows.search.none', { query: deferred.trim() }))}
      </p>
      {shown.length > 0 && (
        <ul id="flows-search-hits" className="flows-hits" aria-label={t('flows.search.results')}>
          {shown.map((h) => (
            <li key={`${h.kind} ${h.machine} ${label(h)}`}>
              <button type="button" className="flows-hit" onClick={() => onChoose(h)} data-kind={h.kind}>
                <span className="flows-hit-kind">{t(`flows.search.kind.${h.kind}`)}</span>
                <code dir="ltr" className="flows-hit-name">{label(h)}</code>
                {h.kind !== 'machine' && <span className="muted flows-hit-where">{t('flows.search.in')} <code dir="ltr">{h.machine}</code></span>}
                {h.kind === 'event' && <span className="muted">{t('flows.search.transitions', { count: h.transitions })}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

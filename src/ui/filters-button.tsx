import { Suspense, useState, type ReactNode } from 'react';
import { Icon } from './Icon';

/**
 * Phones: a results page's filters live in a sheet opened from the bar above the results. Its code loads on first
 * use (asked for as the pointer or focus reaches the button), and it is mounted only once it has been opened.
 */
export function useFiltersSheet(load: () => Promise<unknown>) {
  const [sheet, setSheet] = useState<'closed' | 'open' | 'unused'>('unused');
  return {
    used: sheet !== 'unused',
    button: { open: sheet === 'open', onOpen: () => setSheet('open'), onWarm: () => void load() },
    props: { isOpen: sheet === 'open', onOpenChange: (open: boolean) => setSheet(open ? 'open' : 'closed') },
  };
}

/** The bar's button: the filters' name, how many are on, and how many results match them. */
export function FiltersButton({ open, onOpen, onWarm, label, active, activeLabel, matches }: {
  open: boolean; onOpen: () => void; onWarm: () => void; label: string; active: number; activeLabel?: string; matches: string;
}) {
  return (
    <button
      type="button" className="btn btn-secondary filters-button" aria-haspopup="dialog" aria-expanded={open} data-testid="filters-button"
      onPointerEnter={onWarm} onFocus={onWarm} onClick={onOpen}
    >
      <Icon name="sliders" size={18} />
      <span>{label}</span>
      {active ? <span className="filters-badge" aria-hidden="true">{active}</span> : null}
      {active && activeLabel ? <span className="visually-hidden">{activeLabel}</span> : null}
      <span className="filters-matches">{matches}</span>
    </button>
  );
}

/** Where the sheet goes: nothing until it has been opened once, then the sheet as soon as its code is there. */
export function SheetSlot({ used, children }: { used: boolean; children: ReactNode }) {
  return used ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Under a results list showing its first cards: the button that shows more, naming how many are left. */
export function ShowMore({ left, label, onMore }: { left: number; label: string; onMore: () => void }) {
  return left > 0 ? <button type="button" className="btn btn-secondary" onClick={onMore}>{label}</button> : null;
}

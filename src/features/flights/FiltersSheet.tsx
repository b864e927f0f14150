import { useTranslation } from 'react-i18next';
import { FiltersSheetFrame } from '../../ui/FiltersSheet';
import { FiltersPanel, type FiltersState } from './FiltersPanel';

/**
 * The flight filters on a phone. Loaded when the bar's button is pressed (or hovered/focused), so wide screens
 * never fetch it.
 */
export default function FiltersSheet({ isOpen, onOpenChange, count, searching, onClear, canClear, ...filters }: FiltersState & {
  isOpen: boolean; onOpenChange: (open: boolean) => void; count: number; searching: boolean; onClear: () => void; canClear: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FiltersSheetFrame
      isOpen={isOpen} onOpenChange={onOpenChange} title={t('flights.results.filters')} clearLabel={t('flights.results.clearFilters')}
      onClear={onClear} canClear={canClear} showTestId="show-flights"
      showLabel={searching ? t('flights.results.searchingShort') : t('flights.results.showFlights', { count })}
    >
      <FiltersPanel {...filters} idPrefix="sheet" />
    </FiltersSheetFrame>
  );
}

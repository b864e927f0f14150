import { useTranslation } from 'react-i18next';
import { FiltersSheetFrame } from '../../ui/FiltersSheet';
import { HotelFiltersPanel, type HotelFiltersState } from './FiltersPanel';

/** The hotel filters on a phone, as the flight results have them. Loaded when the bar's button is first used. */
export default function HotelFiltersSheet({ isOpen, onOpenChange, count, onClear, canClear, ...filters }: HotelFiltersState & {
  isOpen: boolean; onOpenChange: (open: boolean) => void; count: number; onClear: () => void; canClear: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FiltersSheetFrame
      isOpen={isOpen} onOpenChange={onOpenChange} title={t('hotels.results.filters')} clearLabel={t('hotels.results.clearFilters')}
      onClear={onClear} canClear={canClear} showTestId="show-hotels" showLabel={t('hotels.results.showHotels', { count })}
    >
      <HotelFiltersPanel {...filters} idPrefix="sheet" />
    </FiltersSheetFrame>
  );
}

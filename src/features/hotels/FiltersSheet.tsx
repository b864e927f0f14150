import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/Icon';
import { AriaScope } from '../../ui/aria';
import { HotelFiltersPanel, type HotelFiltersState } from './FiltersPanel';

/**
 * The filters on a phone: a sheet from the bottom, as the flight results have it (React Aria's Modal: focus kept
 * inside and given back, Escape and the backdrop close it). Loaded when the bar's button is first used.
 */
export default function HotelFiltersSheet({ isOpen, onOpenChange, count, onClear, canClear, ...filters }: HotelFiltersState & {
  isOpen: boolean; onOpenChange: (open: boolean) => void; count: number; onClear: () => void; canClear: boolean;
}) {
  const { t } = useTranslation();
  return (
    <AriaScope>
      <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="sheet-overlay">
        <Modal className="sheet">
          <Dialog className="sheet-dialog" data-testid="filters-sheet">
            {({ close }) => (
              <>
                <header className="sheet-head">
                  <Heading slot="title" className="sheet-title">{t('hotels.results.filters')}</Heading>
                  <button type="button" className="icon-btn" onClick={close} aria-label={t('common.close')}><Icon name="close" /></button>
                </header>
                <div className="sheet-body filters-body"><HotelFiltersPanel {...filters} idPrefix="sheet" /></div>
                <footer className="sheet-foot">
                  <button type="button" className="btn btn-ghost" onClick={onClear} disabled={!canClear}>{t('hotels.results.clearFilters')}</button>
                  <button type="button" className="btn btn-primary" onClick={close} data-testid="show-hotels">{t('hotels.results.showHotels', { count })}</button>
                </footer>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaScope>
  );
}

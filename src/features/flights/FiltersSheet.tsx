import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/Icon';
import { AriaScope } from '../../ui/aria';
import { FiltersPanel, type FiltersState } from './FiltersPanel';

/**
 * The filters on a phone: a sheet from the bottom (React Aria's Modal: focus kept inside and given back to the
 * bar's button, Escape and the backdrop close it, the page behind is inert). Loaded when the bar's button is
 * pressed (or hovered/focused), so wide screens never fetch it.
 */
export default function FiltersSheet({ isOpen, onOpenChange, count, searching, onClear, canClear, ...filters }: FiltersState & {
  isOpen: boolean; onOpenChange: (open: boolean) => void; count: number; searching: boolean; onClear: () => void; canClear: boolean;
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
                  <Heading slot="title" className="sheet-title">{t('flights.results.filters')}</Heading>
                  <button type="button" className="icon-btn" onClick={close} aria-label={t('common.close')}><Icon name="close" /></button>
                </header>
                <div className="sheet-body filters-body">
                  <FiltersPanel {...filters} idPrefix="sheet" />
                </div>
                <footer className="sheet-foot">
                  <button type="button" className="btn btn-ghost" onClick={onClear} disabled={!canClear}>{t('flights.results.clearFilters')}</button>
                  <button type="button" className="btn btn-primary" onClick={close} data-testid="show-flights">
                    {searching ? t('flights.results.searchingShort') : t('flights.results.showFlights', { count })}
                  </button>
                </footer>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaScope>
  );
}

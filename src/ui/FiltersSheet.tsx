import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { AriaScope } from './aria';

/**
 * A results page's filters on a phone: a sheet from the bottom (React Aria's Modal: focus kept inside and given
 * back to the bar's button, Escape and the backdrop close it, the page behind is inert), with the filters in its
 * body and, at its foot, "clear" and a button that closes it naming how many results match.
 */
export function FiltersSheetFrame({ isOpen, onOpenChange, title, clearLabel, onClear, canClear, showLabel, showTestId, children }: {
  isOpen: boolean; onOpenChange: (open: boolean) => void; title: string; clearLabel: string; onClear: () => void; canClear: boolean;
  showLabel: string; showTestId: string; children: ReactNode;
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
                  <Heading slot="title" className="sheet-title">{title}</Heading>
                  <button type="button" className="icon-btn" onClick={close} aria-label={t('common.close')}><Icon name="close" /></button>
                </header>
                <div className="sheet-body filters-body">{children}</div>
                <footer className="sheet-foot">
                  <button type="button" className="btn btn-ghost" onClick={onClear} disabled={!canClear}>{clearLabel}</button>
                  <button type="button" className="btn btn-primary" onClick={close} data-testid={showTestId}>{showLabel}</button>
                </footer>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaScope>
  );
}

import { lazy, Suspense, useRef, useState, type ComponentProps, type ReactNode } from 'react';

/**
 * A button that opens a popover dialog. The button is plain HTML; React Aria's overlay code (focus scope,
 * positioning, dismissal: ~20 KB gzip) loads when the button is hovered, focused or pressed, so a page whose
 * popovers nobody opens does not download it. The first press on a slow line opens once the chunk is here.
 */
const loadPopover = () => import('./PopoverDialog');
const PopoverDialog = lazy(loadPopover);

type Placement = ComponentProps<typeof PopoverDialog>['placement'];

export function PopoverButton({ label, className, buttonClassName, dialogClassName, placement = 'bottom start', buttonLabel, onPreload, testId, children, content }: {
  /** The dialog's accessible name. */
  label: string;
  className: string;
  buttonClassName: string;
  dialogClassName: string;
  placement?: Placement;
  /** An accessible name for the button when its content does not say it. */
  buttonLabel?: string;
  /** Also fetch what the dialog's content needs (a calendar, say). */
  onPreload?: () => void;
  testId?: string;
  /** The button's content. */
  children: ReactNode;
  /** The dialog's content; a function gets `close`. */
  content: ReactNode | ((close: () => void) => ReactNode);
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const preload = () => { void loadPopover(); onPreload?.(); };
  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={ref} type="button" className={buttonClassName} aria-label={buttonLabel} aria-haspopup="dialog" aria-expanded={open} data-testid={testId}
        onPointerEnter={preload} onFocus={preload} onClick={() => { setWanted(true); setOpen(true); }}
      >
        {children}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <PopoverDialog triggerRef={ref} isOpen={open} onOpenChange={setOpen} placement={placement} className={className} dialogClassName={dialogClassName} label={label}>
            {typeof content === 'function' ? content(close) : content}
          </PopoverDialog>
        </Suspense>
      ) : null}
    </>
  );
}

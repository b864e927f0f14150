import type { ReactNode, RefObject } from 'react';
import { Dialog, Popover, type PopoverProps } from 'react-aria-components';
import { AriaScope } from './aria';

/**
 * React Aria's Popover with a Dialog in it, opened by a plain button elsewhere (see popover.tsx): focus moves in
 * and back, Escape and a press outside close it, it stays in view. Its own chunk, loaded on demand.
 */
export default function PopoverDialog({ triggerRef, isOpen, onOpenChange, placement, className, dialogClassName, label, children }: {
  triggerRef: RefObject<HTMLElement | null>; isOpen: boolean; onOpenChange: (open: boolean) => void; placement: PopoverProps['placement'];
  className: string; dialogClassName: string; label: string; children: ReactNode;
}) {
  return (
    <AriaScope>
      <Popover triggerRef={triggerRef} isOpen={isOpen} onOpenChange={onOpenChange} placement={placement} className={className}>
        <Dialog className={dialogClassName} aria-label={label}>{children}</Dialog>
      </Popover>
    </AriaScope>
  );
}

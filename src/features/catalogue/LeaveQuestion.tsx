import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmBox } from '../../ui/lists';

/** "Leave without saving?" in place of a form's buttons: brought into view (a Back button may be far above), staying focused. */
export function LeaveQuestion({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'center' });
    box.current?.querySelectorAll('button')[1]?.focus();
  }, []);
  return <div ref={box}><ConfirmBox question={t('machines.unsaved')} yes={t('catalogue.leave')} busy={false} onYes={onLeave} onNo={onStay} /></div>;
}

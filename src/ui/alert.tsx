import type { ReactNode } from 'react';

export interface AlertAction { label: string; onClick: () => void; testId?: string; disabled?: boolean }

/**
 * An answer that asks for a decision (a changed price, a short wallet, a failed call, "cancel this?"): what
 * happened, then the way on as the primary button and the way back as the secondary one. Screen readers hear it
 * at once (role alert).
 */
export function Alert({ testId, primary, secondary, children }: {
  testId?: string; primary?: AlertAction; secondary?: AlertAction; children: ReactNode;
}) {
  const button = (a: AlertAction, kind: string) => (
    <button type="button" className={`btn ${kind}`} disabled={a.disabled} onClick={a.onClick} data-testid={a.testId}>{a.label}</button>
  );
  return (
    <div className="form-alert" role="alert" data-testid={testId}>
      {children}
      <div className="button-row">
        {primary ? button(primary, 'btn-primary') : null}
        {secondary ? button(secondary, 'btn-secondary') : null}
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { DateText, Deadline } from '../../ui/format';
import type { BookingTrace } from '../../../contract/lifecycle';

/**
 * Beside a lifecycle chart: the booking's path (each step with its time and who took it), its current state, the
 * events it can take next and where each leads, and the deadlines that will fire on their own. And, in place of
 * all that, why there is no booking to show.
 */

/** Who took a step, as the trace names them: a party (the system, the payment provider, a guest), or a user by role and id. */
const PARTIES = ['system', 'supplier', 'provider', 'guest'];

function Who({ by }: { by: string }) {
  const { t } = useTranslation();
  if (PARTIES.includes(by)) return <>{t(`flows.trace.who.${by}`)}</>;
  const user = /^(\w+) #(\d+)$/.exec(by);
  return <bdi>{user ? `${t(`roles.${user[1]}`, { defaultValue: user[1] })} #${user[2]}` : by}</bdi>;
}

const Code = ({ children }: { children: string }) => <code dir="ltr">{children}</code>;

export function TracePanel({ reference, kind, trace }: { reference: string; kind: string; trace: BookingTrace }) {
  const { t } = useTranslation();
  return (
    <aside className="card flows-side flows-trace" aria-labelledby="flows-trace-title" data-testid="flows-trace">
      <h3 id="flows-trace-title">{t('flows.trace.title', { reference })}</h3>
      <p className="muted">{t(`flows.trace.kind.${kind}`)}</p>
      <p data-testid="flows-trace-state">{t('flows.trace.current')} <Code>{trace.state}</Code></p>

      <h4>{t('flows.trace.steps')}</h4>
      {trace.steps.length === 0 && <p className="muted">{t('flows.trace.noSteps')}</p>}
      <ol className="flows-path flows-trace-list" data-testid="flows-trace-steps">
        {trace.steps.map((s, i) => (
          <li key={i}>
            <span dir="ltr"><Code>{s.event}</Code> → <Code>{s.to}</Code></span>
            <span className="flows-trace-meta"><DateText value={s.at} time /> · {t('flows.trace.by')} <Who by={s.by} /></span>
          </li>
        ))}
      </ol>

      <h4>{t('flows.trace.next')}</h4>
      {trace.next.length === 0 && <p className="muted">{t('flows.trace.none')}</p>}
      <ul className="flows-path flows-trace-list" data-testid="flows-trace-next">
        {trace.next.map((n) => <li key={`${n.event}-${n.to}`}><span dir="ltr"><Code>{n.event}</Code> → <Code>{n.to}</Code></span></li>)}
      </ul>

      {trace.deadlines.length > 0 && (
        <>
          <h4>{t('flows.trace.deadlines')}</h4>
          <ul className="flows-path flows-trace-list" data-testid="flows-trace-deadlines">
            {trace.deadlines.map((d) => <li key={`${d.event}-${d.at}`}><span dir="ltr"><Code>{d.event}</Code></span> <Deadline at={d.at} /></li>)}
          </ul>
        </>
      )}
      <p className="muted flows-hint">{t('flows.trace.legend')}</p>
    </aside>
  );
}

/** Where the booking in the address stands while there is no trace to draw: reading it, or why it cannot be shown. */
export function TraceNotice({ reference, status, onRetry }: { reference: string; status: 'loading' | 'notFound' | 'forbidden' | 'failed' | 'noChart'; onRetry: () => void }) {
  const { t } = useTranslation();
  if (status === 'loading') return <p className="muted flows-trace-notice" role="status">{t('flows.trace.loading', { reference })}</p>;
  return (
    <div className="card flows-trace-notice" role="alert" data-testid="flows-trace-notice">
      <p>{t(`flows.trace.${status}`, { reference })}</p>
      {status === 'failed' && <button type="button" className="btn btn-secondary" onClick={onRetry}>{t('common.retry')}</button>}
    </div>
  );
}

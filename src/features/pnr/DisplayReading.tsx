import { useTranslation } from 'react-i18next';
import type { PnrPreview, PreviewIssue } from '../../../contract/pnr';
import { translateServer } from '../../i18n';
import { formatDate } from '../../ui/format';

/** Each value in a bidi isolate, so a Latin route, code or number keeps its order inside an Arabic sentence. */
const isolate = (params: Record<string, string | number> = {}) => Object.fromEntries(Object.entries(params).map(([k, v]) => [k, `\u2068${v}\u2069`]));

/** An issue in the reader's language: its code's words where the app has them, else the server's text. */
export function useIssueWords() {
  const { t, i18n } = useTranslation();
  return (issue: PreviewIssue) => {
    const key = `pnr.issues.${issue.code}`;
    return issue.code && i18n.exists(key) ? t(key, isolate(issue.params)) : translateServer(issue.message);
  };
}

function IssueList({ issues }: { issues: PreviewIssue[] }) {
  const { t } = useTranslation();
  const words = useIssueWords();
  return (
    <ul className="bk-issues">
      {issues.map((e, i) => (
        <li key={i}>
          {e.line ? <span className="pnr-line-no">{t('pnr.line', { line: e.line })}: </span> : null}
          <span>{words(e)}</span>
          {e.text ? <code className="pnr-unread-text" dir="ltr">{e.text}</code> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * What Safar read in a pasted display, beside the form it fills: the system that printed it, its locators, the
 * lines it could not read (each with its text), the flights it leaves out and every other note, line by line.
 */
export function DisplayReading({ preview }: { preview: PnrPreview }) {
  const { t, i18n } = useTranslation();
  const unread = preview.warnings.filter((w) => w.kind === 'unread');
  const notes = preview.warnings.filter((w) => w.kind !== 'unread');
  return (
    <div className="bk-rows pnr-reading" data-testid="pnr-reading">
      {preview.source === 'display' ? (
        <p className="bk-note" data-testid="pnr-gds" data-gds={preview.gds ?? ''}>
          {preview.gds ? t('pnr.reading.readAs', { gds: t(`pnr.reading.gds.${preview.gds}`) }) : t('pnr.reading.unknownGds')}
          {preview.pnr ? <> · {t('pnr.reading.recordLocator')}: <strong dir="ltr">{preview.pnr}</strong></> : null}
          {preview.airline_locators?.length ? (
            <> · {t('pnr.reading.airlineLocators')}: {preview.airline_locators.map((a, i) => <bdi key={i} dir="ltr">{i ? ', ' : ''}{a.airline}/{a.locator}</bdi>)}</>
          ) : null}
        </p>
      ) : null}
      {preview.errors.length ? (
        <div className="bk-note bk-warn" role="alert"><strong>{t('pnr.errors')}</strong><IssueList issues={preview.errors} /></div>
      ) : null}
      {unread.length ? (
        <div className="bk-note bk-warn" data-testid="pnr-unread"><strong>{t('pnr.reading.unreadTitle')}</strong> <span className="muted">{t('pnr.reading.unreadHint')}</span><IssueList issues={unread} /></div>
      ) : null}
      {preview.left_out?.length ? (
        <div className="bk-note bk-warn" data-testid="pnr-left-out"><strong>{t('pnr.reading.leftOut')}</strong>
          <ul className="bk-issues">{preview.left_out.map((s) => <li key={s.line}><bdi dir="ltr">{s.flight_number} {s.origin}-{s.destination}</bdi> · {formatDate(s.date, i18n.language)} · <bdi dir="ltr">{s.status}</bdi></li>)}</ul>
        </div>
      ) : null}
      {notes.length ? <div className="bk-note"><strong>{t('pnr.warnings')}</strong><IssueList issues={notes} /></div> : null}
    </div>
  );
}

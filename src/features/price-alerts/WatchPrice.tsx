import { useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { Button } from 'react-aria-components';
import type { PriceAlertWatch } from '../../../contract/price-alerts';
import type { Cabin } from '../../../contract/flight-choices';
import type { SearchParams } from '../../../machines/flight-booking';
import { priceAlertMachine } from '../../../machines/price-alert';
import { useMachineScreen } from '../../ui/machines';
import { translateServer } from '../../i18n';
import { Icon } from '../../ui/Icon';
import { useFlowRole } from '../flights/useRole';
import { priceAlertActors } from './api';
import { alertsPath } from './paths';
import './price-alerts.css';

/** What a results screen's search watches: one-way or return, adults only; a month from the calendar. */
export function watchOfSearch(q: SearchParams | null, month?: string): PriceAlertWatch | null {
  if (!q || (q.flightType !== 'one-way' && q.flightType !== 'return')) return null;
  if (Number(q.children ?? 0) > 0 || Number(q.infants ?? 0) > 0) return null;
  const origin = String(q.origin ?? ''), destination = String(q.destination ?? '');
  if (!origin || !destination) return null;
  const dated = !month;
  return {
    origin, destination, adults: Number(q.adults ?? 1), cabin_class: String(q.cabin_class ?? 'Y') as Cabin, month: month ?? null,
    departure_date: dated ? String(q.departure_date ?? '') : null, return_date: dated && q.flightType === 'return' ? String(q.return_date ?? '') : null,
  };
}

/**
 * "Watch this price" beside a search's results, for a signed-in customer or agent (the machine holds the states:
 * saving, watching, already watched, failed, removing). Another search on the same screen starts it afresh.
 */
export function WatchPrice({ query, month }: { query: SearchParams | null; month?: string }) {
  const role = useFlowRole();
  const watch = useMemo(() => watchOfSearch(query, month), [query, month]);
  if (role === 'guest' || !watch) return null;
  return <WatchButton watch={watch} role={role} />;
}

function WatchButton({ watch, role }: { watch: PriceAlertWatch; role: 'customer' | 'agent' }) {
  const { t } = useTranslation();
  const [state, send] = useMachineScreen(priceAlertMachine, { actors: priceAlertActors });
  const key = JSON.stringify(watch);
  useEffect(() => { send({ type: 'RESET' }); }, [key, send]);
  const saving = state.matches('saving');
  const failure = state.context.failure?.notice;
  const list = <Link href={alertsPath(role)} className="watch-price-link">{t('priceAlerts.watch.openList')}</Link>;
  return (
    <div className="watch-price" data-testid="watch-price" data-state={String(state.value)} aria-live="polite">
      {state.matches('watching') || state.matches('removing') ? (
        <>
          <span className="watch-price-status"><Icon name="bell" size={18} /> {t('priceAlerts.watch.watching')}</span>
          <Button className="btn btn-ghost" isDisabled={state.matches('removing')} onPress={() => send({ type: 'REMOVE' })}>{t('priceAlerts.watch.stop')}</Button>
          {list}
        </>
      ) : state.matches('alreadyWatched') ? (
        <><span className="watch-price-status"><Icon name="bell" size={18} /> {t('priceAlerts.watch.already')}</span>{list}</>
      ) : (
        <>
          <Button className="btn btn-secondary" isDisabled={saving} onPress={() => send({ type: 'WATCH', watch })}>
            <Icon name="bell" size={18} /> {saving ? t('priceAlerts.watch.saving') : t(watch.month ? 'priceAlerts.watch.month' : 'priceAlerts.watch.action')}
          </Button>
          {failure ? <span className="field-error" role="alert">{failure.text ? translateServer(failure.text) : t(failure.key ?? 'errors.generic')}</span> : null}
        </>
      )}
    </div>
  );
}

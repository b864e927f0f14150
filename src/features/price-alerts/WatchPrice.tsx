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
import { findAlert, priceAlertActors } from './api';
import { alertsPath } from './paths';
import './price-alerts.css';

/** What a results screen's search watches: one-way or return, for its whole party; a month from the calendar. */
export function watchOfSearch(q: SearchParams | null, month?: string): PriceAlertWatch | null {
  if (!q || (q.flightType !== 'one-way' && q.flightType !== 'return')) return null;
  const origin = String(q.origin ?? ''), destination = String(q.destination ?? '');
  if (!origin || !destination) return null;
  const dated = !month;
  return {
    origin, destination, adults: Number(q.adults ?? 1), children: Number(q.children ?? 0), infants: Number(q.infants ?? 0), cabin_class: String(q.cabin_class ?? 'Y') as Cabin, month: month ?? null,
    departure_date: dated ? String(q.departure_date ?? '') : null, return_date: dated && q.flightType === 'return' ? String(q.return_date ?? '') : null,
  };
}

/**
 * "Watch this price" beside a search's results, or "Watch this month" under its date strip, for a signed-in
 * customer or agent (the machine holds the states: saving, watching, already watched, failed, removing). A watch
 * the owner already has is looked up on opening, so it says so (with "Stop watching") before any press. Another
 * search on the same screen starts it afresh. A guest is offered sign-in where `guestSignIn` asks for it.
 */
export function WatchPrice({ query, month, guestSignIn = false }: { query: SearchParams | null; month?: string; guestSignIn?: boolean }) {
  const { t } = useTranslation();
  const role = useFlowRole();
  const watch = useMemo(() => watchOfSearch(query, month), [query, month]);
  if (!watch) return null;
  if (role === 'guest') {
    return guestSignIn ? (
      <div className="watch-price" data-testid="watch-month" data-state="guest">
        <Link href="/auth/login" className="btn btn-ghost"><Icon name="bell" size={18} /> {t('priceAlerts.watch.signIn')}</Link>
      </div>
    ) : null;
  }
  return <WatchButton watch={watch} role={role} />;
}

function WatchButton({ watch, role }: { watch: PriceAlertWatch; role: 'customer' | 'agent' }) {
  const { t } = useTranslation();
  const [state, send] = useMachineScreen(priceAlertMachine, { actors: priceAlertActors });
  const key = JSON.stringify(watch);
  useEffect(() => {
    send({ type: 'RESET' });
    let live = true;
    // The machine takes it only while nothing was pressed (idle), so a late answer never undoes a press.
    void findAlert(watch).then((alert) => { if (live && alert) send({ type: 'WATCHED', alert }); });
    return () => { live = false; };
  }, [key, send]); // eslint-disable-line react-hooks/exhaustive-deps -- the watch is its key
  const saving = state.matches('saving');
  const failure = state.context.failure?.notice;
  const list = <Link href={alertsPath(role)} className="watch-price-link">{t('priceAlerts.watch.openList')}</Link>;
  return (
    <div className="watch-price" data-testid={watch.month ? 'watch-month' : 'watch-price'} data-state={String(state.value)} aria-live="polite">
      {state.matches('watching') || state.matches('removing') ? (
        <>
          <span className="watch-price-status"><Icon name="bell" size={18} /> {t(watch.month ? 'priceAlerts.watch.monthWatching' : 'priceAlerts.watch.watching')}</span>
          <Button className="btn btn-ghost" isDisabled={state.matches('removing')} onPress={() => send({ type: 'REMOVE' })}>{t('priceAlerts.watch.stop')}</Button>
          {list}
        </>
      ) : state.matches('alreadyWatched') ? (
        <>
          <span className="watch-price-status"><Icon name="bell" size={18} /> {t(watch.month ? 'priceAlerts.watch.monthAlready' : 'priceAlerts.watch.already')}</span>
          {state.context.alert ? <Button className="btn btn-ghost" onPress={() => send({ type: 'REMOVE' })}>{t('priceAlerts.watch.stop')}</Button> : null}
          {list}
        </>
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

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { GroupTicket } from '../../../../contract/catalogue';
import { useAirlineName, usePlaceName, useRouteText } from '../../../i18n/places';
import { DateText } from '../../../ui/format';
import { Icon } from '../../../ui/Icon';
import { PriceFrom } from './shared';
import { detailsHref } from './group-ticket-href';

/**
 * The home page's featured flights: the group fares staff mark as featured, each card opening that fare itself
 * for one traveller (its seats and price), as "Book" does on the group tickets page.
 */
export function FeaturedFlights({ tickets }: { tickets: GroupTicket[] }) {
  const { t } = useTranslation();
  const place = usePlaceName();
  const airline = useAirlineName();
  const route = useRouteText();
  return (
    <section className="section section-alt" data-testid="featured-flights">
      <div className="section-inner">
        <div className="featured-head"><h2 className="section-title">{t('catalogue.featuredFlights')}</h2><Link href="/group-tickets-main" className="btn btn-ghost">{t('catalogue.seeAll')}</Link></div>
        <div className="cat-grid">
          {tickets.map((g) => {
            const out = g.flights[0];
            return (
              <Link key={g.id} href={detailsHref(g, 1)} className="cat-card card featured-flight">
                <span className="cat-card-body">
                  <span className="cat-card-top"><Icon name="plane" size={18} /><span className="muted">{airline({ code: g.airline_code, name: g.airline_name })}</span></span>
                  <strong className="cat-card-title">{route(place(out?.origin.code ?? g.origin, out?.origin.city ?? g.origin), place(out?.destination.code ?? g.destination, out?.destination.city ?? g.destination), !!g.return_date)}</strong>
                  <span className="muted"><DateText value={g.departure_date} />{g.return_date ? <> – <DateText value={g.return_date} /></> : null} · {t('groupTickets.seatsLeft', { count: g.seats_available })}</span>
                  <PriceFrom value={g.price} />
                </span>
              </Link>
            );
          })}
        </div>
      </div>
    </section>
  );
}

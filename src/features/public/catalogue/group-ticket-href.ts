import type { GroupTicket } from '../../../../contract/catalogue';

/**
 * "Book" opens the group fare itself (its flights, its seats, its price for the travellers chosen) on the flight
 * details page and from there checkout, instead of a search where it was one offer among fifty. The server
 * answers `group-<ticket>-<adults>.0.0` with the fare issued now (GroupTicketSupplier.getOffer).
 */
export const detailsHref = (g: GroupTicket, adults: number) =>
  `/flight/details?${new URLSearchParams({ flight_id: `group-${g.id}-${adults}.0.0`, supplier: 'sooper', isSooperFlight: '1' })}`;

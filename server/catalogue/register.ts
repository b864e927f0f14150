/**
 * Puts group tickets into flight search and booking: every app context gets the default suppliers plus the
 * own-inventory supplier (code "sooper", isSooperFlight true). Tests that register their own suppliers per
 * context (registerFlightSuppliers) are not affected.
 */
import { defaultSuppliers, setFlightSupplierFactory } from '../bookings/suppliers';
import { GroupTicketSupplier } from './group-ticket-supplier';

setFlightSupplierFactory((ctx) => [...defaultSuppliers(ctx), new GroupTicketSupplier(ctx)]);

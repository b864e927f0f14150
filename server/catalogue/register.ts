/**
 * Puts group tickets into flight search and booking: every app context gets the default suppliers plus the
 * own-inventory supplier (code "sooper", isSooperFlight true). Tests that register their own suppliers per
 * context (registerFlightSuppliers) are not affected.
 */
import { defaultSuppliers, setFlightSupplierFactory } from '../bookings/suppliers';
import { DbOrderStore } from '../bookings/order-store';
import { GROUP_SUPPLIER_CODE, GroupTicketSupplier } from './group-ticket-supplier';

// Group-ticket orders are kept in the database like the embedded supplier's, so they outlive a restart.
setFlightSupplierFactory((ctx) => [...defaultSuppliers(ctx), new GroupTicketSupplier(ctx, new DbOrderStore(ctx.db, GROUP_SUPPLIER_CODE, ctx.now))]);

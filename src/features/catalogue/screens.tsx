import { AdminForm } from './AdminForm';
import { AdminList } from './AdminList';

/** One export per route row (each lazily loaded with this module). */
export const VisasList = () => <AdminList resource="visas" />;
export const VisaNew = () => <AdminForm resource="visas" mode="create" />;
export const VisaEdit = () => <AdminForm resource="visas" mode="edit" />;
export const HolidaysList = () => <AdminList resource="holidays" />;
export const HolidayNew = () => <AdminForm resource="holidays" mode="create" />;
export const HolidayEdit = () => <AdminForm resource="holidays" mode="edit" />;
export const UmrahList = () => <AdminList resource="umrah" />;
export const UmrahNew = () => <AdminForm resource="umrah" mode="create" />;
export const UmrahEdit = () => <AdminForm resource="umrah" mode="edit" />;
export const GroupTicketsList = () => <AdminList resource="groupTickets" />;
export const GroupTicketNew = () => <AdminForm resource="groupTickets" mode="create" />;
export const GroupTicketEdit = () => <AdminForm resource="groupTickets" mode="edit" />;
export const AircraftList = () => <AdminList resource="aircraft" />;
export const AircraftNew = () => <AdminForm resource="aircraft" mode="create" />;
export const AircraftEdit = () => <AdminForm resource="aircraft" mode="edit" />;
export const SuppliersList = () => <AdminList resource="suppliers" />;
export const SupplierNew = () => <AdminForm resource="suppliers" mode="create" />;
export const SupplierEdit = () => <AdminForm resource="suppliers" mode="edit" />;
export const InsuranceList = () => <AdminList resource="insurance" />;
export const InsuranceNew = () => <AdminForm resource="insurance" mode="create" />;
export const InsuranceEdit = () => <AdminForm resource="insurance" mode="edit" />;

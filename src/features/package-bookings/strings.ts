import sections from 'virtual:dictionary/packageBookings';
import { addSection } from '../../i18n';

/** The `packageBookings` strings ship with the screens that use them, not in the first-load dictionary; each such module imports this. */
addSection('packageBookings', sections);

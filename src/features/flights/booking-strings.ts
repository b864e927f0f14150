import sections from 'virtual:dictionary/booking';
import { addSection } from '../../i18n';

/** The booking look-up page's strings ship with it, not with the first load. */
addSection('booking', sections);

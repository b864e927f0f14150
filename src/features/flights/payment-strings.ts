import sections from 'virtual:dictionary/payment';
import { addSection } from '../../i18n';

/** The payment result pages' strings (flights and hotels) ship with those pages, not with the first load. */
addSection('payment', sections);

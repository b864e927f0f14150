import sections from 'virtual:dictionary/transactions';
import { addSection } from '../../i18n';

/** The transactions screens' strings ship with them (accounts staff only); each screen imports this before it renders. */
addSection('transactions', sections);

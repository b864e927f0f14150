import sections from 'virtual:dictionary/trips';
import { addSection } from '../../i18n';

/** My trips' strings (its screens, a booking's owner actions, Find my booking) ship with them; each imports this before it renders. */
addSection('trips', sections);

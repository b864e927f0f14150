import sections from 'virtual:dictionary/hotels';
import { addSection } from '../../i18n';

/** The hotel screens' strings ship with them; each hotel screen imports this before it renders. */
addSection('hotels', sections);

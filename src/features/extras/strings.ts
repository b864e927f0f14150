import sections from 'virtual:dictionary/extras';
import { addSection } from '../../i18n';

/** The seats and bags strings ship with the screens that show them (checkout, booking pages); each imports this. */
addSection('extras', sections);

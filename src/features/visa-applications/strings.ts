import sections from 'virtual:dictionary/visaApplications';
import { addSection } from '../../i18n';

/** The `visaApplications` strings ship with the screens that use them, not in the first-load dictionary; each such module imports this. */
addSection('visaApplications', sections);

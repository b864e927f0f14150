import sections from 'virtual:dictionary/scheduleChanges';
import { addSection } from '../../i18n';

/** The schedule-change strings ship with the screens that show changes; each imports this before it renders. */
addSection('scheduleChanges', sections);

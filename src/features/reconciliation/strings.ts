import sections from 'virtual:dictionary/reconciliation';
import { addSection } from '../../i18n';

/** The reconciliation strings ship with its screen, not in the first-load dictionary. */
addSection('reconciliation', sections);

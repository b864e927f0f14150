import sections from 'virtual:dictionary/reissue';
import { addSection } from '../../i18n';

/** The change-date dialog's strings ship with the booking pages that offer it; each imports this before it renders. */
addSection('reissue', sections);

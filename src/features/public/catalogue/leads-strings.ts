import sections from 'virtual:dictionary/leads';
import { addSection } from '../../../i18n';

/** The enquiry form's and the leads list's strings ship with them, not with the first load. */
addSection('leads', sections);

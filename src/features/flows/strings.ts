import sections from 'virtual:dictionary/flows';
import { addSection } from '../../i18n';

/** The explorer's strings ship with it rather than with every first visit. */
addSection('flows', sections);

import sections from 'virtual:dictionary/usersSummary';
import { addSection } from '../../i18n';

/** The users summary's strings ship with the users and staff screens (staff who read users only). */
addSection('usersSummary', sections);

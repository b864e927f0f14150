import about from 'virtual:dictionary/about';
import contact from 'virtual:dictionary/contact';
import { addSection } from '../../i18n';

/** The about and contact pages' text ships with those pages (one small chunk for both), not with every first visit. */
addSection('about', about);
addSection('contact', contact);

import sections from 'virtual:dictionary/notifications';
import { addSection } from '../../i18n';

/** The bell's strings ship with the bell (agent and back-office bars only), not in every first load. */
addSection('notifications', sections);

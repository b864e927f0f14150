import sections from 'virtual:dictionary/queues';
import { addSection } from '../../i18n';

/** The queue strings ship with the queue screen and the dashboards' tiles; each imports this before it renders. */
addSection('queues', sections);

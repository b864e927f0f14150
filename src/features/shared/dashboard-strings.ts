import sections from 'virtual:dictionary/dashboards';
import { addSection } from '../../i18n';

/** The dashboards' figures and chart words ship with the dashboards (every user's first screen after login, never the home page's). */
addSection('dashboards', sections);

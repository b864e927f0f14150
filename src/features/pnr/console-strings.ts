import sections from 'virtual:dictionary/pnrConsole';
import { addSection } from '../../i18n';

/** The `pnrConsole` strings ship with the screens that use them, not in the first-load dictionary; each such module imports this. */
addSection('pnrConsole', sections);

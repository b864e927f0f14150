import sections from 'virtual:dictionary/insurancePolicy';
import { addSection } from '../../i18n';

/** The `insurancePolicy` strings ship with the screens that use them, not in the first-load dictionary; each such module imports this. */
addSection('insurancePolicy', sections);

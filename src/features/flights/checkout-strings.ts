import sections from 'virtual:dictionary/checkout';
import { addSection } from '../../i18n';

/** The checkout's strings (passengers, contact, fare summary) ship with the checkout and booking screens, not with every first visit. */
addSection('checkout', sections);

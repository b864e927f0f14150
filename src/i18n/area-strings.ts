import area from 'virtual:dictionary/area';
import { addSections } from '.';

/** The agent and back-office screens' strings (vite/dictionary.ts AREA_SECTIONS), registered before such a screen renders. */
addSections(area);

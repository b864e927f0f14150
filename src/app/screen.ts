import { createContext, useContext } from 'react';

/** What every routed screen receives: the route's named parameters. Apart from routes.ts, which loads the screens. */
export interface ScreenProps {
  params: Record<string, string>;
}

/**
 * Loads the screen at a path ahead of a move there, through the router's own loader (screens.ts), so the router
 * renders it at once on arrival. A chunk imported by other means is not known to the router: its lazy screen still
 * suspends, the page loader shows, and React holds the screen back ~300 ms after the code is in. Given by the router,
 * so a screen warms the next one without importing the route table (which imports every screen).
 */
const ScreenPreload = createContext<(path: string) => Promise<unknown>>(() => Promise.resolve());
export const ScreenPreloadProvider = ScreenPreload.Provider;
export const usePreloadScreen = () => useContext(ScreenPreload);

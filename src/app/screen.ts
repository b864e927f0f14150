/** What every routed screen receives: the route's named parameters. Apart from routes.ts, which loads the screens. */
export interface ScreenProps {
  params: Record<string, string>;
}

/** Sections of the dictionaries that ship with their feature's screens (vite/dictionary.ts). */
declare module 'virtual:dictionary/*' {
  const sections: Record<'en' | 'ar', Record<string, unknown>>;
  export default sections;
}

/** The explorer's charts laid out at build time, by catalogue id (vite/flows-layouts.ts); none in development. */
declare module 'virtual:flows-layouts' {
  const layouts: Record<string, import('./features/flows/baked').BakedDrawing>;
  export default layouts;
}

/** Sections of the dictionaries that ship with their feature's screens (vite/dictionary.ts). */
declare module 'virtual:dictionary/*' {
  const sections: Record<'en' | 'ar', Record<string, unknown>>;
  export default sections;
}

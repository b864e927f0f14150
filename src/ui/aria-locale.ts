/** React Aria's locale for the app's language: Arabic with Latin digits, as the rest of the app writes them. */
export const ariaLocale = (language: string) => (language === 'ar' ? 'ar-u-nu-latn' : 'en-US');

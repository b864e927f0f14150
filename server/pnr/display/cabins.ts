/** The cabin a booking class sells, by the classes airlines commonly use (F A P first, J C D I Z R business, W E premium). */
export function cabinOf(bookingClass: string): 'Y' | 'S' | 'C' | 'F' {
  if (!bookingClass) return 'Y';
  if ('FAP'.includes(bookingClass)) return 'F';
  if ('JCDIZR'.includes(bookingClass)) return 'C';
  if ('WE'.includes(bookingClass)) return 'S';
  return 'Y';
}

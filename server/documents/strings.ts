/** The documents' words in English and Arabic (documents are rendered on the server, outside i18next). */
import type { DocLang } from './model';

const en = {
  issuer: { name: 'Safar', lines: ['Safar Travel · safar.local', 'Flights, hotels and holidays'] },
  footer: 'Issued by Safar. Present this document with a valid passport or ID.',
  eticket: 'E-ticket', itinerary: 'Itinerary', receipt: 'Payment receipt', voucher: 'Hotel voucher',
  pnr: 'Booking reference (PNR)', reference: 'Booking reference',
  status: { booked: 'On hold', ticketed: 'Ticketed', canceled: 'Canceled', requested: 'Cancellation requested', voided: 'Voided', pending: 'Pending', rejected: 'Rejected', pending_payment: 'Awaiting payment', confirmed: 'Confirmed', expired: 'Expired', paid: 'Paid', refund_requested: 'Refund requested', refunded: 'Refunded' } as Record<string, string>,
  booking: 'Booking', bookedOn: 'Booked on', contact: 'Contact', validatingAirline: 'Issuing airline', cabin: 'Cabin', fareFamily: 'Fare', refundable: 'Refundable', yes: 'Yes', no: 'No',
  journey: (n: number, from: string, to: string) => `Journey ${n}: ${from} - ${to}`,
  flight: 'Flight', from: 'From', to: 'To', departs: 'Departs', arrives: 'Arrives', duration: 'Duration', baggage: 'Baggage', cls: 'Class',
  passengers: 'Passengers', name: 'Name', type: 'Type', document: 'Passport / ID', ticket: 'Ticket number', notIssued: 'Not issued yet',
  paxType: { ADT: 'Adult', CNN: 'Child', INF: 'Infant' } as Record<string, string>,
  cabins: { Y: 'Economy', S: 'Premium economy', C: 'Business', F: 'First' } as Record<string, string>,
  bags: (cabinKg: number, pieces: number, kg: number) => `Cabin ${cabinKg} kg; ${pieces > 0 ? `${pieces} x ${kg} kg checked` : 'no checked bag'}`,
  minutes: (m: number) => `${Math.floor(m / 60)}h ${m % 60}m`,
  fare: 'Fare', base: 'Base fare', taxes: 'Taxes and fees', markup: 'Service fee', total: 'Total',
  paid: 'Amount paid', paidBy: 'Paid by', method: { card: 'Card', jazzcash: 'JazzCash', wallet: 'Agent wallet', hold: 'Not paid yet', offline: 'Offline' } as Record<string, string>,
  paidOn: 'Paid on', receiptNo: 'Receipt for', item: 'Item', amount: 'Amount',
  flightItem: (places: string[], date: string) => `Flight ${places.join(' - ')}, ${date}`,
  hotelItem: (hotel: string, nights: number) => `${hotel}, ${nights} ${nights === 1 ? 'night' : 'nights'}`,
  ticketNotes: ['Times are local at each airport. Check in at least 3 hours before an international flight.', 'Changes and cancellations follow the fare rules of this ticket.'],
  voidMark: 'VOID', voidFooter: 'Issued by Safar. This document is void.',
  voidTicketNotes: ['This booking is no longer valid: it cannot be used to travel.'],
  voidVoucherNotes: ['This booking is canceled: the voucher is no longer valid and cannot be used at the hotel.'],
  hotel: 'Hotel', address: 'Address', checkIn: 'Check-in', checkOut: 'Check-out', nights: 'Nights', room: 'Room', rooms: 'Rooms', board: 'Board', guests: 'Guests', specialRequests: 'Special requests', freeCancel: 'Free cancellation until', nonRefundable: 'Non-refundable',
  from_: (time: string) => `from ${time}`, until: (time: string) => `until ${time}`, roomN: (n: number) => `Room ${n}`,
  boards: { RO: 'Room only', BB: 'Bed and breakfast', HB: 'Half board', FB: 'Full board' } as Record<string, string>,
  voucherNotes: ['Show this voucher at the hotel reception on arrival.', 'The hotel may ask for a card for incidentals.'],
  receiptNotes: ['This receipt confirms the payment received by Safar for the booking above.'],
  invoice: 'Invoice', invoiceNo: 'Invoice number', billedTo: 'Billed to', issuedOn: 'Issued on', unpaid: 'Unpaid', due: 'Amount due',
  invoiceNotes: ['Amounts in the currency shown. A held booking must be paid before its hold expires or it is canceled.'],
  supplierPrice: 'Supplier price (staff copy)', soldAtRate: 'Sold at the rate', supplierOrder: 'Supplier order',
};

type Words = typeof en;

/** Nights counted as Arabic counts them, as the screens say them (hotels.nights in the locale files). */
const AR_PLURAL = new Intl.PluralRules('ar');
const NIGHTS_AR: Record<Intl.LDMLPluralRule, (n: number) => string> = {
  zero: () => 'لا ليالٍ', one: () => 'ليلة واحدة', two: () => 'ليلتان', few: (n) => `${n} ليالٍ`, many: (n) => `${n} ليلة`, other: (n) => `${n} ليلة`,
};
const nightsAr = (n: number) => NIGHTS_AR[AR_PLURAL.select(n)](n);

const ar: Words = {
  issuer: { name: 'سفر', lines: ['سفر للسياحة · safar.local', 'رحلات طيران وفنادق وعطلات'] },
  footer: 'صادرة عن سفر. قدّم هذه الوثيقة مع جواز سفر أو هوية سارية.',
  eticket: 'تذكرة إلكترونية', itinerary: 'خط سير الرحلة', receipt: 'إيصال دفع', voucher: 'قسيمة فندق',
  pnr: 'رقم الحجز (PNR)', reference: 'رقم الحجز',
  status: { booked: 'محجوز مؤقتاً', ticketed: 'صدرت التذاكر', canceled: 'ملغى', requested: 'طُلب الإلغاء', voided: 'ملغاة', pending: 'قيد الانتظار', rejected: 'مرفوض', pending_payment: 'بانتظار الدفع', confirmed: 'مؤكد', expired: 'منتهي', paid: 'مدفوع', refund_requested: 'طُلب الاسترداد', refunded: 'مسترد' },
  booking: 'الحجز', bookedOn: 'تاريخ الحجز', contact: 'جهة الاتصال', validatingAirline: 'شركة الطيران المُصدِرة', cabin: 'المقصورة', fareFamily: 'السعر', refundable: 'قابل للاسترداد', yes: 'نعم', no: 'لا',
  journey: (n, from, to) => `الرحلة ${n}: ${from} - ${to}`,
  flight: 'الرحلة', from: 'من', to: 'إلى', departs: 'المغادرة', arrives: 'الوصول', duration: 'المدة', baggage: 'الأمتعة', cls: 'الدرجة',
  passengers: 'المسافرون', name: 'الاسم', type: 'الفئة', document: 'جواز السفر / الهوية', ticket: 'رقم التذكرة', notIssued: 'لم تصدر بعد',
  paxType: { ADT: 'بالغ', CNN: 'طفل', INF: 'رضيع' },
  cabins: { Y: 'السياحية', S: 'السياحية الممتازة', C: 'الأعمال', F: 'الأولى' },
  bags: (cabinKg, pieces, kg) => `حقيبة يد ${cabinKg} كغ؛ ${pieces > 0 ? `${pieces} × ${kg} كغ مسجّلة` : 'بلا أمتعة مسجّلة'}`,
  minutes: (m) => `${Math.floor(m / 60)} س ${m % 60} د`,
  fare: 'السعر', base: 'السعر الأساسي', taxes: 'الضرائب والرسوم', markup: 'رسوم الخدمة', total: 'الإجمالي',
  paid: 'المبلغ المدفوع', paidBy: 'طريقة الدفع', method: { card: 'بطاقة', jazzcash: 'جاز كاش', wallet: 'محفظة الوكيل', hold: 'لم يُدفع بعد', offline: 'خارج الموقع' },
  paidOn: 'تاريخ الدفع', receiptNo: 'إيصال عن', item: 'البند', amount: 'المبلغ',
  flightItem: (places, date) => `رحلة ${places.join(' - ')}، ${date}`,
  hotelItem: (hotel, nights) => `${hotel}، ${nightsAr(nights)}`,
  ticketNotes: ['الأوقات محلية في كل مطار. احضر قبل 3 ساعات على الأقل من موعد الرحلة الدولية.', 'تخضع التعديلات والإلغاء لشروط سعر هذه التذكرة.'],
  voidMark: 'لاغية', voidFooter: 'صادرة عن سفر. هذه الوثيقة لاغية.',
  voidTicketNotes: ['لم يعد هذا الحجز صالحاً: لا يمكن السفر به.'],
  voidVoucherNotes: ['أُلغي هذا الحجز: لم تعد القسيمة صالحة ولا يمكن استخدامها في الفندق.'],
  hotel: 'الفندق', address: 'العنوان', checkIn: 'تسجيل الوصول', checkOut: 'تسجيل المغادرة', nights: 'الليالي', room: 'الغرفة', rooms: 'الغرف', board: 'الوجبات', guests: 'النزلاء', specialRequests: 'طلبات خاصة', freeCancel: 'الإلغاء مجاني حتى', nonRefundable: 'غير قابل للاسترداد',
  from_: (time) => `من ${time}`, until: (time) => `حتى ${time}`, roomN: (n) => `الغرفة ${n}`,
  boards: { RO: 'إقامة فقط', BB: 'مع الإفطار', HB: 'نصف إقامة', FB: 'إقامة كاملة' },
  voucherNotes: ['قدّم هذه القسيمة في استقبال الفندق عند الوصول.', 'قد يطلب الفندق بطاقة لتغطية المصاريف الإضافية.'],
  receiptNotes: ['يؤكد هذا الإيصال المبلغ الذي استلمته سفر عن الحجز أعلاه.'],
  invoice: 'فاتورة', invoiceNo: 'رقم الفاتورة', billedTo: 'إلى السادة', issuedOn: 'تاريخ الإصدار', unpaid: 'غير مدفوعة', due: 'المبلغ المستحق',
  invoiceNotes: ['المبالغ بالعملة المبيّنة. يجب دفع الحجز المؤقت قبل انتهاء مهلته وإلا أُلغي.'],
  supplierPrice: 'سعر المورّد (نسخة الموظفين)', soldAtRate: 'سعر الصرف عند البيع', supplierOrder: 'طلب المورّد',
};

export const words = (lang: DocLang): Words => (lang === 'ar' ? ar : en);

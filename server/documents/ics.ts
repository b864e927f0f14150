/**
 * iCalendar files (RFC 5545) for booking mails: one VEVENT per flight segment in UTC, or the hotel stay as
 * all-day dates. Written here rather than with a library: the format is a few lines, and the packages for it
 * bring a schema validator along for what is four properties.
 */
export interface CalendarEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  /** A flight: instants (written in UTC). A stay: dates (YYYY-MM-DD, the end date exclusive). */
  start: Date | string;
  end: Date | string;
}

const escape = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const utc = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const when = (name: string, v: Date | string) => (typeof v === 'string' ? `${name};VALUE=DATE:${v.replace(/-/g, '')}` : `${name}:${utc(v)}`);

/** Lines longer than 75 octets continue on the next line after a space (counted in UTF-8, for Arabic). */
function fold(line: string): string {
  const out: string[] = [];
  let cur = '', bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > (out.length ? 74 : 75)) { out.push(cur); cur = ''; bytes = 0; }
    cur += ch; bytes += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

export function calendarFile(events: CalendarEvent[], now: Date): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Safar//Bookings//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  for (const e of events) {
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${utc(now)}`, when('DTSTART', e.start), when('DTEND', e.end),
      `SUMMARY:${escape(e.summary)}`, `DESCRIPTION:${escape(e.description)}`, `LOCATION:${escape(e.location)}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

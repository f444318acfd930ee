/**
 * The expiry calendar as iCalendar (RFC 5545), written by ical-generator: it escapes TEXT
 * values, folds long lines and ends them with CRLF. Events are all-day (DATE values with an
 * exclusive end), so calendar apps show them on the day whatever their time zone.
 */
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventTransparency } from "ical-generator";

export interface AllDayEvent {
  uid: string;
  /** "YYYY-MM-DD" */
  date: string;
  summary: string;
  description: string;
  /** When this event's data last changed (DTSTAMP). */
  stamp: Date;
  /** Days before the event for a reminder, if any. */
  alarmDaysBefore?: number;
}

const DAY_MS = 86_400_000;
// Without a calendar time zone ical-generator writes DATE values from UTC fields: midnight UTC is the day itself.
const utcMidnight = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

export function buildCalendar(name: string, events: AllDayEvent[]): string {
  const calendar = ical({
    name,
    prodId: { company: "TLDscope", product: "Domain portfolio", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const e of events) {
    const start = utcMidnight(e.date);
    calendar.createEvent({
      id: e.uid,
      allDay: true,
      start,
      end: new Date(start.getTime() + DAY_MS),
      stamp: e.stamp,
      summary: e.summary,
      description: e.description,
      transparency: ICalEventTransparency.TRANSPARENT,
      alarms: e.alarmDaysBefore
        ? [{ type: ICalAlarmType.display, trigger: e.alarmDaysBefore * DAY_MS / 1000, description: e.summary }]
        : [],
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one included; ical-generator omits that one.
  return `${calendar.toString()}\r\n`;
}

/**
 * How the site writes a moment in time: "Nov 29, 2026, 12:04 AM", in the reader's time zone. Days
 * alone are written "Nov 29, 2026" (formatUtcDay, src/shared/price-format.ts); the landing page's
 * data-status line keeps the specification's long form ("November 29, 2026 at 12:04 AM").
 */
const DATE_TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export const formatDateTime = (value: string | Date | number) => DATE_TIME.format(value instanceof Date || typeof value === "number" ? value : new Date(value));

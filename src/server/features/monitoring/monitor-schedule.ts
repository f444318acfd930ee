/**
 * When an entry's certificates and DNS are checked next: once a day, at a time of day of its
 * own (spread over the day by a hash of its id, so 10,000 entries do not all fall due at
 * midnight), between 12 and 36 hours after this check; sooner when a DNS answer waits for its
 * second look.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function slotOf(userDomainId: number): number {
  // Knuth's multiplicative hash spreads consecutive ids over the day.
  return (Math.imul(userDomainId, 2654435761) >>> 0) % DAY;
}

export function nextDailyCheck(userDomainId: number, now: Date): Date {
  const dayStart = now.getTime() - (now.getTime() % DAY);
  let at = dayStart + slotOf(userDomainId);
  while (at < now.getTime() + 12 * HOUR) at += DAY;
  return new Date(at);
}

export function nextMonitorCheck(userDomainId: number, now: Date, secondLooks: readonly (Date | null)[]): Date {
  const times = [nextDailyCheck(userDomainId, now).getTime(), ...secondLooks.filter((d): d is Date => d !== null).map((d) => Math.max(d.getTime(), now.getTime()))];
  return new Date(Math.min(...times));
}

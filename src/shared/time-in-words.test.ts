import { expect, it } from "vitest";
import { agoInWords, durationInWords } from "./time-in-words.ts";

const HOUR = 3_600_000;

it("words a length of time in its largest whole unit", () => {
  expect(durationInWords(20_000)).toBe("less than a minute");
  expect(durationInWords(60_000)).toBe("1 minute");
  expect(durationInWords(3 * HOUR + 59 * 60_000)).toBe("3 hours");
  expect(durationInWords(47 * HOUR)).toBe("1 day");
  expect(durationInWords(70_434 * HOUR)).toBe("8 years");
  expect(durationInWords(-5)).toBe("less than a minute");
});

it("words an earlier instant relative to now", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  expect(agoInWords(new Date(now.getTime() - 30_000), now)).toBe("just now");
  expect(agoInWords(new Date(now.getTime() - 3 * HOUR), now)).toBe("3 hours ago");
  expect(agoInWords(new Date(now.getTime() - 2 * 365 * 24 * HOUR), now)).toBe("2 years ago");
  expect(agoInWords(new Date(now.getTime() - 24 * HOUR), now)).toBe("1 day ago");
});

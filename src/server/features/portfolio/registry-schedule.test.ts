import { describe, expect, it } from "vitest";
import { nextRegistryCheck } from "./registry-schedule.ts";

const at = (iso: string) => new Date(iso);

describe("when an entry's registry record is checked again", () => {
  it.each([
    ["far from expiry: in a week", "2026-01-01T10:00:00Z", "ok", "2027-06-01", "2026-01-08T10:00:00.000Z"],
    ["no expiry known: in a week", "2026-01-01T10:00:00Z", "ok", null, "2026-01-08T10:00:00.000Z"],
    ["within 30 days of expiry: tomorrow", "2026-05-10T10:00:00Z", "ok", "2026-06-01", "2026-05-11T10:00:00.000Z"],
    ["31 days before the expiry date has passed: tomorrow", "2026-05-01T10:00:00Z", "ok", "2026-05-31", "2026-05-02T10:00:00.000Z"],
    ["32 days before: in a week", "2026-04-30T10:00:00Z", "ok", "2026-05-31", "2026-05-07T10:00:00.000Z"],
    ["expires later today: as soon as the date has passed", "2026-06-01T10:00:00Z", "ok", "2026-06-01", "2026-06-02T00:00:00.000Z"],
    ["expired 10 days ago: daily", "2026-06-12T10:00:00Z", "ok", "2026-06-01", "2026-06-13T10:00:00.000Z"],
    ["expired 100 days ago: weekly again", "2026-09-10T10:00:00Z", "ok", "2026-06-01", "2026-09-17T10:00:00.000Z"],
    ["not registered: in a week", "2026-01-01T10:00:00Z", "not_found", null, "2026-01-08T10:00:00.000Z"],
    ["no RDAP service: in a week", "2026-01-01T10:00:00Z", "no_service", null, "2026-01-08T10:00:00.000Z"],
  ] as const)("%s", (_name, now, outcome, expiry, next) => {
    expect(nextRegistryCheck(at(now), outcome, expiry).toISOString()).toBe(next);
  });

  it.each([
    [1, "2026-01-01T10:05:00.000Z"],
    [2, "2026-01-01T10:15:00.000Z"],
    [3, "2026-01-01T11:00:00.000Z"],
    [4, "2026-01-01T16:00:00.000Z"],
    [5, "2026-01-02T10:00:00.000Z"],
    [9, "2026-01-02T10:00:00.000Z"],
  ])("failed lookup number %i in a row: tried again at %s", (failures, next) => {
    expect(nextRegistryCheck(at("2026-01-01T10:00:00Z"), "error", "2027-01-01", failures).toISOString()).toBe(next);
  });
});

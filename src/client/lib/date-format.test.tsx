// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { TimeZoneSelect } from "../components/time-zone-select.tsx";
import { ScheduledJobsTable } from "../features/admin/scheduled-jobs-table.tsx";
import { moment } from "../features/monitoring/words.ts";
import { renderUi, server, useMsw } from "../testing/render.tsx";
import { trpcOk } from "../testing/trpc-msw.ts";
import { browserTimeZone, formatDateTime, getTimeZone, setAccountTimeZone, setTimeZone, TIME_ZONE_COOKIE, timeZoneFromCookies } from "./date-format.ts";

useMsw();
afterEach(() => {
  setTimeZone(null);
  setAccountTimeZone(null);
});

const AT = "2026-12-07T03:06:00.000Z";

describe("one way to show a time on the pages", () => {
  it("writes a moment in the browser's zone until the reader chooses one, the zone always named", () => {
    expect(getTimeZone()).toBe(browserTimeZone());
    expect(formatDateTime(AT, "UTC")).toBe("Dec 7, 2026, 3:06 AM UTC");
    setTimeZone("Europe/Berlin");
    expect(formatDateTime(AT)).toBe("Dec 7, 2026, 4:06 AM GMT+1");
    // The certificates and DNS sections write theirs the same way.
    expect(moment(AT)).toBe("Dec 7, 2026, 4:06 AM GMT+1");
    expect(document.cookie).toContain(`${TIME_ZONE_COOKIE}=Europe%2FBerlin`);
    expect(timeZoneFromCookies(document.cookie)).toBe("Europe/Berlin");
    setTimeZone(null);
    expect(timeZoneFromCookies(document.cookie)).toBeNull();
    expect(timeZoneFromCookies("tz=Mars%2FOlympus")).toBeNull();
  });

  it("offers the zone setting with the browser's zone shown, and a choice rewrites the times", async () => {
    renderUi(<TimeZoneSelect />);
    const select = await screen.findByLabelText<HTMLSelectElement>("Time zone");
    expect(select.value).toBe("");
    expect(within(select).getByRole("option", { name: `Your browser's (${browserTimeZone()})` })).toBeTruthy();
    await userEvent.selectOptions(select, "Asia/Tokyo");
    expect(getTimeZone()).toBe("Asia/Tokyo");
    expect(formatDateTime(AT)).toBe("Dec 7, 2026, 12:06 PM GMT+9");
  });

  it("shows a scheduled job's next run in UTC, the zone its schedule's heading names, whatever zone the reader and their account chose", async () => {
    setTimeZone("America/New_York");
    setAccountTimeZone("Asia/Tokyo");
    server.use(trpcOk("priceEngine.scheduledJobs.list", [
      { name: "rates", title: "Exchange rates update", queue: "rates.refresh", key: "daily", cron: "15 16 * * *", nextRunAt: "2026-03-01T16:15:00.000Z", lastRun: null },
    ]));
    renderUi(<ScheduledJobsTable pollMs={0} />);
    const table = await screen.findByRole("table", { name: "Scheduled jobs" });
    expect(within(table).getByRole("columnheader", { name: "Schedule (UTC)" })).toBeTruthy();
    expect(await within(table).findByText("Mar 1, 2026, 4:15 PM UTC")).toBeTruthy();
  });
});

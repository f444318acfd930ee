// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { DataStatusLine, dataStatusText, formatDataDate } from "./data-status-line.tsx";

useMsw();

describe("data-status line (spec section 4)", () => {
  it("formats dates in US English with a long month and a 12-hour clock", () => {
    expect(formatDataDate("2026-11-22T05:05:02.021Z", "UTC")).toBe("November 22, 2026 at 5:05 AM");
    expect(formatDataDate("2025-03-01T17:30:00Z", "UTC")).toBe("March 1, 2025 at 5:30 PM");
    expect(formatDataDate("2025-01-01T00:07:00Z", "UTC")).toBe("January 1, 2025 at 12:07 AM");
    expect(formatDataDate("2025-07-04T12:00:00Z", "UTC")).toBe("July 4, 2025 at 12:00 PM");
  });

  it("writes exactly what Intl's en-US long date with a 12-hour time writes, in local time too", () => {
    const intl = (iso: string, timeZone?: string) =>
      new Date(iso).toLocaleString("en-US", { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", ...(timeZone ? { timeZone } : {}) });
    for (let i = 0; i < 200; i += 1) {
      const iso = new Date(Date.UTC(2020, 0, 1) + i * 37_123_457_89).toISOString();
      expect(formatDataDate(iso, "UTC")).toBe(intl(iso, "UTC"));
      expect(formatDataDate(iso)).toBe(intl(iso));
    }
  });

  it("words each state", () => {
    const at = "2026-11-22T05:05:02.021Z";
    expect(dataStatusText("pending", undefined)).toBe("Loading data status...");
    expect(dataStatusText("error", undefined)).toBe("Data status unavailable");
    expect(dataStatusText("success", { lastUpdated: null, isDataUpdate: false, provider: null }))
      .toBe("No live price fetch yet: prices come from the bundled price lists");
    expect(dataStatusText("success", { lastUpdated: at, isDataUpdate: false, provider: null }, "UTC"))
      .toBe("System deployed November 22, 2026 at 5:05 AM UTC (prices from the bundled price lists)");
    expect(dataStatusText("success", { lastUpdated: at, isDataUpdate: true, provider: "Porkbun" }))
      .toBe(`Data last updated ${formatDataDate(at)} (live prices from Porkbun)`);
    expect(dataStatusText("success", { lastUpdated: at, isDataUpdate: true, provider: "Porkbun" }, "UTC"))
      .toBe("Data last updated November 22, 2026 at 5:05 AM UTC (live prices from Porkbun)");
  });

  it("shows loading, then the newest live fetch", async () => {
    server.use(trpcPending("catalogue.dataStatus"));
    const first = renderUi(<DataStatusLine />);
    expect(await screen.findByText("Loading data status...")).toBeTruthy();
    first.unmount();
    server.use(trpcOk("catalogue.dataStatus", { lastUpdated: "2026-11-22T05:05:02.021Z", isDataUpdate: true, lastLiveFetch: "2026-11-22T05:05:02.021Z", provider: "Porkbun" }));
    renderUi(<DataStatusLine />);
    expect(await screen.findByText(/^Data last updated November 2[12], 2026 at \d{1,2}:\d{2} [AP]M \(live prices from Porkbun\)$/)).toBeTruthy();
  });

  it("says when the system was deployed while no live source was ever fetched", async () => {
    server.use(trpcOk("catalogue.dataStatus", {
      lastUpdated: "2026-11-20T10:00:00.000Z", isDataUpdate: false, lastLiveFetch: null, provider: null, bundledDataInstalledAt: "2026-11-20T10:00:00.000Z",
    }));
    renderUi(<DataStatusLine />);
    expect(await screen.findByText(/^System deployed November 20, 2026 at \d{1,2}:\d{2} [AP]M \(prices from the bundled price lists\)$/)).toBeTruthy();
  });

  it("says the status is unavailable when the call fails", async () => {
    server.use(trpcError("catalogue.dataStatus", 500));
    renderUi(<DataStatusLine />);
    expect(await screen.findByText("Data status unavailable")).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { provider } from "../../testing/fixtures.ts";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcMutationError, trpcMutationOk, trpcOk } from "../../testing/trpc-msw.ts";
import { clearToasts, deliveryFailure, deliveryFailurePage, fetchStatus, priceSource } from "./admin-test-support.ts";
import { OperationsPage } from "./operations-page.tsx";

useMsw();
afterEach(async () => {
  await clearToasts();
  window.sessionStorage.clear();
});

const PROVIDERS = [
  provider({ id: 1, name: "Porkbun", domain: "porkbun.com" }),
  provider({ id: 2, name: "Namecheap", domain: "namecheap.com" }),
  provider({ id: 3, name: "Google Domains", domain: "domains.google", isActive: false }),
];
const RUNNING = fetchStatus({
  isActive: true, queueSize: 2, lastCompleted: "2026-01-10T09:00:00.000Z",
  activeJobs: [{ provider: "Namecheap", type: "provider", startedAt: "2026-01-10T10:00:00.000Z" }],
});

const SOURCES = [
  priceSource(),
  priceSource({
    provider: "Namecheap", domain: "namecheap.com",
    lastRun: { status: "error", requestType: "scheduled", source: "live", errorMessage: "Namecheap answered 500", completedAt: "2026-01-10T03:00:02.000Z" },
  }),
  priceSource({
    provider: "Dynadot", domain: "dynadot.com", source: "unavailable", problem: "Dynadot is not configured: DYNADOT_API_KEY is not set",
    setup: "key-missing", missingConfiguration: "DYNADOT_API_KEY is not set", bundledListDate: "2025-05-09", lastRun: null,
  }),
  priceSource({
    provider: "NameSilo", domain: "namesilo.com", source: "unavailable", problem: "NameSilo is not configured: NAMESILO_API_KEY is not set",
    setup: "key-missing", missingConfiguration: "NAMESILO_API_KEY is not set", bundledListDate: null, lastRun: null,
  }),
  priceSource({
    provider: "Cloudflare Registrar", domain: "cloudflare.com", source: "bundled", setup: "bundled-only", bundledListDate: "2025-05-09",
    lastRun: { status: "success", requestType: "scheduled", source: "bundled", errorMessage: null, completedAt: "2026-01-10T03:00:02.000Z" },
  }),
  priceSource({ provider: "GoDaddy", domain: "godaddy.com", source: "unavailable", problem: "No price source is available for GoDaddy", setup: "none", bundledListDate: null, lastRun: null }),
  priceSource({ provider: "Google Domains", domain: "domains.google", isActive: false, source: "bundled", setup: "bundled-only", bundledListDate: "2023-08-28", schedules: [], lastRun: null }),
];

const NO_FAILURES = trpcOk("notifications.adminFailures", deliveryFailurePage([]));
const SCHEDULED_JOBS = [
  { name: "reminders", title: "Daily expiry reminder scan", queue: "notifications.plan-expiry", key: "daily", cron: "5 6 * * *", nextRunAt: "2026-03-02T06:05:00.000Z", lastRun: null },
  { name: "rates", title: "Exchange rates update", queue: "rates.refresh", key: "daily", cron: "15 16 * * *", nextRunAt: "2026-03-01T16:15:00.000Z", lastRun: { state: "active", startedAt: "2026-03-01T16:15:01.000Z", finishedAt: null } },
];
const JOBS = trpcOk("priceEngine.scheduledJobs.list", SCHEDULED_JOBS);

function setup(status = RUNNING) {
  server.use(trpcOk("providers.adminList", PROVIDERS), trpcOk("priceEngine.fetchStatus", status), trpcOk("priceEngine.sources", SOURCES), NO_FAILURES, JOBS);
  const user = userEvent.setup();
  return { user, ...renderUi(<OperationsPage />, "/admin/operations") };
}
const value = (label: string) => screen.getByText(label).parentElement?.textContent ?? "";

describe("Operations", () => {
  it("shows the fetch state, counts, last completion and the running jobs", async () => {
    setup();
    expect(await screen.findByText("Active")).toBeTruthy();
    expect(value("Active jobs")).toContain("1");
    expect(value("Queue size")).toContain("2");
    expect(value("Last completed")).not.toContain("Never");
    const jobs = screen.getByRole("list", { name: "Running jobs" });
    expect(within(jobs).getByText("Namecheap")).toBeTruthy();
    expect(within(jobs).getByText("provider")).toBeTruthy();
    expect(document.title).toBe("Operations | TLDScope");
  });

  it("says Idle and Never before anything ran", async () => {
    setup(fetchStatus());
    expect(await screen.findByText("Idle")).toBeTruthy();
    expect(value("Last completed")).toContain("Never");
    expect(screen.getByText("No fetch is running.")).toBeTruthy();
  });

  it("lists where each provider's prices come from, the schedules that fetch it and its last run", async () => {
    setup();
    const table = await screen.findByRole("table", { name: "Price sources" });
    const row = async (name: string) => (await within(table).findByText(name)).closest("tr")!;
    const porkbun = await row("Porkbun");
    expect(porkbun.textContent).toContain("Live");
    expect(porkbun.textContent).toContain("Daily price refresh 0 3 * * *");
    expect(porkbun.textContent).toContain("Success");
    expect(porkbun.textContent).toContain("scheduled, live");
    // A live source that failed is an error; a provider with nothing live to fetch is not.
    expect((await row("Namecheap")).textContent).toContain("Error");
    const dynadot = await row("Dynadot");
    expect(dynadot.textContent).toContain("Not configured");
    expect(dynadot.textContent).toContain("Needs an API key; prices from the bundled list of May 9, 2025 meanwhile");
    expect(dynadot.textContent).toContain("Never");
    expect((await row("NameSilo")).textContent).toContain("Needs an API key; prices from the bundled list meanwhile");
    const cloudflare = await row("Cloudflare Registrar");
    expect(cloudflare.textContent).toContain("Bundled list of May 9, 2025");
    expect(cloudflare.textContent).toContain("No live price source");
    expect((await row("GoDaddy")).textContent).toContain("Not configured");
    for (const name of ["Dynadot", "NameSilo", "Cloudflare Registrar", "GoDaddy"]) {
      expect((await row(name)).textContent, name).not.toMatch(/Error|fail|Not available|skipped/i);
    }
    const google = await row("Google Domains");
    expect(google.textContent).toContain("(inactive)");
    expect(google.textContent).toContain("Bundled list of Aug 28, 2023");
    expect(google.textContent).toContain("None");
  });

  it("says once, above the sources, which keys bring live prices and which providers have none", async () => {
    setup();
    const note = await screen.findByTestId("live-prices-note");
    expect(note.textContent).toContain("For live prices, set in the server's environment and restart: Dynadot (DYNADOT_API_KEY is not set); NameSilo (NAMESILO_API_KEY is not set).");
    expect(within(note).getByRole("link", { name: /README/ })).toBeTruthy();
    expect(note.textContent).toContain("No live price source exists here for Cloudflare Registrar: their prices are the lists bundled with the site.");
    expect(note.textContent).toContain("No price source exists for GoDaddy");
    // Inactive providers are left out.
    expect(note.textContent).not.toContain("Google Domains");
    expect(screen.getAllByText(/DYNADOT_API_KEY/)).toHaveLength(1);
  });

  it("has a Notification delivery failures section listing the failures", async () => {
    setup();
    server.use(trpcOk("notifications.adminFailures", deliveryFailurePage([deliveryFailure({ title: "example.com expires in 7 days" })])));
    expect(await screen.findByRole("heading", { name: "Notification delivery failures" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Notification delivery failures" });
    expect(await within(table).findByText("example.com expires in 7 days")).toBeTruthy();
  });

  it("says when the fetch status cannot load", async () => {
    server.use(trpcOk("providers.adminList", PROVIDERS), trpcError("priceEngine.fetchStatus", 500, "Internal server error"), trpcOk("priceEngine.sources", []), NO_FAILURES, JOBS);
    renderUi(<OperationsPage />);
    expect(await screen.findByText("Failed to load fetch status: Internal server error")).toBeTruthy();
  });

  it("offers one button per provider, disabled while inactive or already fetching", async () => {
    setup();
    const porkbun = await screen.findByRole<HTMLButtonElement>("button", { name: "Fetch Porkbun" });
    await waitFor(() => expect(screen.getByText("Active")).toBeTruthy());
    expect(porkbun.disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Fetch Namecheap (fetch in progress)" }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Fetch Google Domains (inactive)" }).disabled).toBe(true);
  });

  it("lists the scheduled jobs and runs one now, with the server's answer; a running one cannot be started again", async () => {
    const calls: unknown[] = [];
    setup(fetchStatus());
    server.use(trpcMutationOk("priceEngine.scheduledJobs.runNow", { jobId: "9", message: "Daily expiry reminder scan queued (job 9)." }, calls));
    const user = userEvent.setup();
    await screen.findByRole("button", { name: "Run Daily expiry reminder scan now" });
    const table = screen.getByRole("table", { name: "Scheduled jobs" });
    expect(within(table).getByText("5 6 * * *")).toBeTruthy();
    expect(within(table).getByRole<HTMLButtonElement>("button", { name: "Run Exchange rates update now" }).disabled).toBe(true);
    await user.click(within(table).getByRole("button", { name: "Run Daily expiry reminder scan now" }));
    const toast = await findToast("Job queued");
    expect(toast.textContent).toContain("Daily expiry reminder scan queued (job 9).");
    expect(calls).toEqual([{ name: "reminders" }]);
  });

  it("starts a fetch, says so with the server's message and shows when", async () => {
    const calls: unknown[] = [];
    const { user } = setup(fetchStatus());
    server.use(trpcMutationOk("priceEngine.manualFetch", { message: "Fetch of Porkbun started" }, calls));
    expect(await screen.findByText(/Last manual fetch: none from this browser tab yet/)).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: "Fetch Porkbun" }));
    const toast = await findToast("Manual fetch initiated successfully");
    expect(toast.textContent).toContain("Fetch of Porkbun started");
    expect(calls).toEqual([{ type: "provider", provider: "porkbun.com" }]);
    expect(screen.queryByText(/none from this browser tab yet/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Fetch All Providers" }));
    await user.click(await screen.findByRole("button", { name: "Re-apply bundled price lists" }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.slice(1)).toEqual([{ type: "all" }, { type: "pricing" }]);
  });

  it("names a bundled re-apply for what it is: no live fetch", async () => {
    const { user } = setup(fetchStatus());
    server.use(trpcMutationOk("priceEngine.manualFetch", { message: "Re-applying the bundled price lists of 9 providers: 1,845 names, no live fetch" }));
    expect(screen.queryByRole("button", { name: "Update Pricing Data" })).toBeNull();
    await user.click(await screen.findByRole("button", { name: "Re-apply bundled price lists" }));
    const toast = await findToast("Re-applying the bundled price lists");
    expect(toast.textContent).toContain("9 providers: 1,845 names, no live fetch");
  });

  it("says why a fetch could not start", async () => {
    const { user } = setup(fetchStatus());
    server.use(trpcMutationError("priceEngine.manualFetch", 409, "No fetch was started (already in progress: Porkbun)"));
    await user.click(await screen.findByRole("button", { name: "Fetch All Providers" }));
    const toast = await findToast("Failed to initiate manual fetch");
    expect(toast.textContent).toContain("No fetch was started (already in progress: Porkbun)");
  });

  it("cancels a running fetch by its provider's domain", async () => {
    const calls: unknown[] = [];
    const { user } = setup();
    server.use(trpcMutationOk("priceEngine.cancelFetch", { message: "Fetch of Namecheap cancelled" }, calls));
    await user.click(await screen.findByRole("button", { name: "Cancel the fetch of Namecheap" }));
    expect((await findToast("Fetch cancelled")).textContent).toContain("Fetch of Namecheap cancelled");
    expect(calls).toEqual([{ provider: "namecheap.com" }]);
  });

  it("Refresh Cache drops cached data and refetches what is on screen, with no call of its own", async () => {
    let statusCalls = 0;
    const requests: string[] = [];
    server.use(trpcOk("providers.adminList", PROVIDERS), trpcOk("priceEngine.sources", SOURCES), NO_FAILURES, JOBS, trpcOk("priceEngine.fetchStatus", () => {
      statusCalls += 1;
      return fetchStatus();
    }));
    server.events.on("request:start", ({ request }) => void requests.push(new URL(request.url).pathname));
    const user = userEvent.setup();
    const { queryClient } = renderUi(<OperationsPage />);
    await screen.findByText("Idle");
    queryClient.setQueryData(["unrelated"], 1);
    const before = statusCalls;
    await user.click(screen.getByRole("button", { name: "Refresh Cache" }));
    await findToast("Cache cleared");
    expect(queryClient.getQueryData(["unrelated"])).toBeUndefined();
    expect(statusCalls).toBeGreaterThan(before);
    expect(requests.every((path) => path.startsWith("/trpc/"))).toBe(true);
    server.events.removeAllListeners();
  });
});

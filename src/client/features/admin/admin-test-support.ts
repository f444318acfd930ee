/** Test-only: admin fixtures shaped like the server's answers (server/features/price-engine) and a signed-in admin. */
import { http, HttpResponse } from "msw";
import { signedIn, trpcOk } from "../../testing/trpc-msw.ts";
import type { AlertRule, DeliveryFailure, FetchStatus, Incident, PriceLog, PriceSourceRow, Schedule } from "./types.ts";

let nextId = 500;

/** auth.me says admin and the server's admin check agrees; the first-run checklist is done. */
export const asAdmin = () => [
  signedIn({ firstName: "Ada", email: "ada@example.com", isAdmin: true }),
  http.get("*/api/admin/ping", () => HttpResponse.json({ ok: true })),
  trpcOk("priceEngine.setupChecklist.get", { show: false, items: [], done: 0, dismissedAt: null }),
];

export function priceLog(overrides: Partial<PriceLog> = {}): PriceLog {
  return {
    id: nextId++, provider: "Porkbun", providerDomain: "porkbun.com", requestType: "all", status: "success", domain: null, tld: null,
    resultCount: 812, responseTime: 1530, skippedCount: 0, errorMessage: null, source: "live",
    startedAt: "2026-01-10T09:00:00.000Z", completedAt: "2026-01-10T09:00:04.200Z", ...overrides,
  };
}

export function logPage(logs: PriceLog[], { page = 1, total = logs.length, limit = 20 } = {}) {
  return { logs, page, limit, total, totalPages: Math.ceil(total / limit) };
}

export function fetchStatus(overrides: Partial<FetchStatus> = {}): FetchStatus {
  return { isActive: false, activeJobs: [], queueSize: 0, lastCompleted: null, ...overrides };
}

export function priceSource(overrides: Partial<PriceSourceRow> = {}): PriceSourceRow {
  return {
    provider: "Porkbun", domain: "porkbun.com", isActive: true, source: "live", problem: null,
    setup: "live", missingConfiguration: null, bundledListDate: "2025-05-09",
    schedules: [{ id: 1, name: "Daily price refresh", schedule: "0 3 * * *", nextRun: "2026-01-11T03:00:00.000Z" }],
    lastRun: { status: "success", requestType: "scheduled", source: "live", errorMessage: null, completedAt: "2026-01-10T03:00:05.000Z" },
    ...overrides,
  };
}

export function incident(overrides: Partial<Incident> = {}): Incident {
  return {
    id: nextId++, title: "Porkbun fetch failing", description: "3 consecutive fetches failed", severity: "high", status: "open",
    source: "porkbun.com", alertRuleId: 1, createdAt: "2026-01-10T09:00:00.000Z", updatedAt: "2026-01-10T09:00:00.000Z", resolvedAt: null,
    ...overrides,
  };
}

export function alertRule(overrides: Partial<AlertRule> = {}): AlertRule {
  return {
    id: nextId++, name: "Repeated failures", description: "Three failed fetches in a row", condition: "consecutive_failures",
    threshold: 3, severity: "high", isActive: true, createdAt: "2026-01-01T00:00:00.000Z", ...overrides,
  };
}

export function schedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    id: nextId++, name: "Nightly", description: null, providerId: null, providerName: null, schedule: "0 3 * * *", isActive: true,
    lastRun: null, nextRun: null, createdAt: "2026-01-01T00:00:00.000Z", ...overrides,
  };
}

/** Toasts live in a module-level store that outlives each test's render; call in afterEach. */
export async function clearToasts(): Promise<void> {
  (await import("../../components/ui/toaster-view.tsx")).toaster.remove();
}

export function deliveryFailure(overrides: Partial<DeliveryFailure> = {}): DeliveryFailure {
  return {
    id: nextId++, status: "failed", at: "2026-01-10T09:00:00.000Z", kind: "expiry_reminder", title: "example.com expires in 7 days",
    channel: { kind: "webhook", label: "hooks.example.com" }, userEmail: "owner@example.com", attempts: 1,
    lastError: "The webhook at hooks.example.com refused the message (HTTP 404): Unknown Webhook; check the URL", nextRetryAt: null, ...overrides,
  };
}

/** One page of notifications.adminFailures; counts from the rows unless given. */
export function deliveryFailurePage(deliveries: DeliveryFailure[], { page = 1, pageSize = 20, total = deliveries.length } = {}) {
  const failed = deliveries.filter((d) => d.status === "failed");
  return {
    deliveries, page, pageSize, total, totalPages: Math.ceil(total / pageSize),
    counts: { failed: failed.length, givenUp: failed.filter((d) => d.nextRetryAt === null).length, stuck: deliveries.length - failed.length },
  };
}

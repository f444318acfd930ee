import type { TestCase, TestResult } from "@playwright/test/reporter";
import { afterEach, describe, expect, it, vi } from "vitest";
import SummaryReporter from "./summary-reporter.ts";

const journey = (id: string, outcome: ReturnType<TestCase["outcome"]>) => ({ id, outcome: () => outcome }) as unknown as TestCase;
const result = (status: TestResult["status"]) => ({ status }) as TestResult;

describe("SummaryReporter", () => {
  afterEach(() => vi.restoreAllMocks());

  it("counts passed, flaky, failed, timed-out, interrupted and skipped journeys", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const reporter = new SummaryReporter();
    reporter.onTestEnd(journey("a", "expected"), result("passed"));
    reporter.onTestEnd(journey("b", "flaky"), result("passed"));
    reporter.onTestEnd(journey("c", "unexpected"), result("failed"));
    reporter.onTestEnd(journey("d", "unexpected"), result("timedOut"));
    // Playwright's outcome() calls a journey whose only run was interrupted "skipped".
    reporter.onTestEnd(journey("e", "skipped"), result("interrupted"));
    reporter.onTestEnd(journey("f", "skipped"), result("skipped"));
    reporter.onEnd({ status: "interrupted" } as Parameters<SummaryReporter["onEnd"]>[0]);
    expect(log).toHaveBeenCalledWith("2 passed, 3 failed, 1 skipped");
  });
});

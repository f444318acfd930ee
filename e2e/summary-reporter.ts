/**
 * Closes the run with one plain line, "N passed, M failed" (", K skipped" when some were), under
 * the list reporter's own summary. A journey that timed out or was interrupted counts as failed.
 */
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, ReturnType<TestCase["outcome"]>>();

  onTestEnd(test: TestCase, result: TestResult): void {
    // Playwright's outcome() leaves interrupted runs out, so a journey cut short reads "skipped".
    this.outcomes.set(test.id, result.status === "interrupted" ? "unexpected" : test.outcome());
  }

  onEnd(_result: FullResult): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const outcome of this.outcomes.values()) {
      if (outcome === "skipped") counts.skipped += 1;
      else if (outcome === "expected" || outcome === "flaky") counts.passed += 1;
      else counts.failed += 1;
    }
    console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped > 0 ? `, ${counts.skipped} skipped` : ""}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}

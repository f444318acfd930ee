// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcOk } from "../../testing/trpc-msw.ts";
import { deliveryFailure, deliveryFailurePage } from "./admin-test-support.ts";
import { DeliveryFailuresTable } from "./delivery-failures-table.tsx";

useMsw();

const REFUSED = deliveryFailure({ title: "example.com expires in 7 days", userEmail: "ada@example.com" });
const RETRYING = deliveryFailure({
  title: "Renewal prices moved", kind: "renewal_price", channel: { kind: "email", label: "inbox@example.org" }, userEmail: "bob@example.com",
  attempts: 2, lastError: "The mail server refused the message (550 Mailbox unavailable)", nextRetryAt: "2026-01-10T09:02:00.000Z",
});
const STUCK = deliveryFailure({ status: "stuck", title: "Test notification from TLDScope", kind: "test", lastError: null });

describe("Notification delivery failures", () => {
  it("lists each failure with its channel, user, attempts, error and next retry, and the counts", async () => {
    const inputs: unknown[] = [];
    server.use(trpcOk("notifications.adminFailures", deliveryFailurePage([RETRYING, REFUSED, STUCK]), (input) => inputs.push(input)));
    renderUi(<DeliveryFailuresTable />);
    const table = await screen.findByRole("table", { name: "Notification delivery failures" });
    const row = async (title: string) => (await within(table).findByText(title)).closest("tr")!;

    const refused = await row("example.com expires in 7 days");
    expect(refused.textContent).toContain("hooks.example.com");
    expect(refused.textContent).toContain("Webhook");
    expect(refused.textContent).toContain("ada@example.com");
    expect(refused.textContent).toContain("refused the message (HTTP 404): Unknown Webhook");
    expect(refused.textContent).toContain("Given up");

    const retrying = await row("Renewal prices moved");
    expect(retrying.textContent).toContain("inbox@example.org");
    expect(retrying.textContent).toContain("E-mail");
    expect(retrying.textContent).toContain("550 Mailbox unavailable");
    expect(retrying.textContent).toContain("Jan 10, 2026");
    expect(retrying.textContent).not.toContain("Given up");

    expect((await row("Test notification from TLDScope")).textContent).toContain("Sending for over an hour");
    expect(screen.getByText(/2 failed, of them 1 given up; 1 stuck sending/)).toBeTruthy();
    expect(screen.getByText("Showing 1 to 3 of 3 results")).toBeTruthy();
    expect(inputs).toEqual([{ page: 1, pageSize: 20 }]);
  });

  it("asks for pages of the stored General Settings' size", async () => {
    const inputs: unknown[] = [];
    server.use(
      trpcOk("priceEngine.generalSettings.get", {
        autoRefreshSeconds: 15, itemsPerPage: 50, emailNotifications: true, systemHealthAlerts: true, fetchFailureNotifications: true,
      }),
      trpcOk("notifications.adminFailures", deliveryFailurePage([REFUSED]), (input) => inputs.push(input)),
    );
    renderUi(<DeliveryFailuresTable />);
    expect(await screen.findByText("example.com expires in 7 days")).toBeTruthy();
    // Only the stored size is asked for: the table waits for the settings rather than asking at 20 first.
    expect(inputs).toEqual([{ page: 1, pageSize: 50 }]);
  });

  it("asks for the next page from the pager", async () => {
    const inputs: { page: number }[] = [];
    server.use(trpcOk<{ page: number; pageSize: number }>("notifications.adminFailures",
      (input: { page: number }) => deliveryFailurePage([deliveryFailure({ title: `Failure on page ${input.page}` })], { page: input.page, total: 25 }),
      (input) => inputs.push(input)));
    const user = userEvent.setup();
    renderUi(<DeliveryFailuresTable />);
    await screen.findByText("Failure on page 1");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Failure on page 2")).toBeTruthy();
    expect(inputs.map((i) => i.page)).toEqual([1, 2]);
  });

  it("says so when no delivery failed", async () => {
    server.use(trpcOk("notifications.adminFailures", deliveryFailurePage([])));
    renderUi(<DeliveryFailuresTable />);
    expect(await screen.findByText("No failed deliveries")).toBeTruthy();
    expect(screen.getByText(/0 failed, of them 0 given up/)).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("says when the list cannot load", async () => {
    server.use(trpcError("notifications.adminFailures", 403, "You need administrator rights"));
    renderUi(<DeliveryFailuresTable />);
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load delivery failures: You need administrator rights");
  });
});

// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { DeliveryLog } from "./delivery-log.tsx";

useMsw();

const LONG = "a-long-address-for-the-delivery-log-of-someone@notifications.example.com";

describe("delivery log", () => {
  it("writes when as every page does, and lets a long address and an error wrap in cards on a phone", async () => {
    server.use(trpcOk("notifications.deliveries", [
      {
        id: 2, status: "failed", attempts: 1, lastError: "Could not reach the webhook: 127.0.0.1 refused the connection",
        nextRetryAt: "2026-11-29T00:05:00.000Z", sentAt: null, createdAt: "2026-11-29T00:04:00.000Z",
        notification: { title: "Test notification from TLDScope" }, channel: { kind: "webhook", email: null, url: "http://127.0.0.1:9/hooks/x" },
      },
      {
        id: 1, status: "sent", attempts: 1, lastError: null, nextRetryAt: null, sentAt: "2026-11-28T21:30:00.000Z", createdAt: "2026-11-28T21:29:00.000Z",
        notification: { title: "Test notification from TLDScope" }, channel: { kind: "email", email: LONG, url: null },
      },
    ]));
    renderUi(<DeliveryLog />);
    const table = await screen.findByRole("table", { name: "Delivery log" });
    const rows = within(table).getAllByRole("row").slice(1);
    const cells = (row: HTMLElement) => [...row.querySelectorAll("td")];
    for (const row of rows) {
      const when = cells(row)[3]!;
      expect(when.getAttribute("data-label")).toBe("When");
      // The zone is named: the reader's choice, else the browser's.
      expect(when.textContent).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M (UTC|GMT[+-]\d{1,2}(:\d\d)?|[A-Z]{2,5})$/);
      expect(cells(row).slice(1).map((c) => c.getAttribute("data-label"))).toEqual(["To", "Status", "When"]);
    }
    expect(table.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const to = cells(rows[1]!)[1]!;
    expect(to.textContent).toBe(LONG);
    expect(to.style.overflowWrap).toBe("anywhere");
    expect(within(rows[0]!).getByText(/^Next try [A-Z][a-z]{2} \d{1,2}, \d{4}, /)).toBeTruthy();
  });

  it("names a Telegram chat and a Matrix room by their receiver, and a webhook by its host", async () => {
    const row = (id: number, channel: Record<string, unknown>) => ({
      id, status: "sent", attempts: 1, lastError: null, nextRetryAt: null, sentAt: "2026-11-28T21:30:00.000Z", createdAt: "2026-11-28T21:29:00.000Z",
      notification: { title: "Test notification from TLDScope" }, channel: { kind: "webhook", email: null, ...channel },
    });
    server.use(trpcOk("notifications.deliveries", [
      row(3, { url: null, format: "telegram", target: "424242" }),
      row(2, { url: "https://matrix.example.org/", format: "matrix", target: "!room:matrix.example.org" }),
      row(1, { url: "https://hooks.slack.com/services/T/B/secret-token", format: "slack", target: null }),
    ]));
    renderUi(<DeliveryLog />);
    const table = await screen.findByRole("table", { name: "Delivery log" });
    const to = within(table).getAllByRole("row").slice(1).map((r) => r.querySelectorAll("td")[1]!.textContent);
    expect(to).toEqual(["chat 424242", "!room:matrix.example.org at matrix.example.org", "hooks.slack.com"]);
  });
});

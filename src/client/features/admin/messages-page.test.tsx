// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server, useMsw } from "../../testing/render.tsx";
import { renderApp } from "../../testing/render-app.tsx";
import { trpcError, trpcOk } from "../../testing/trpc-msw.ts";
import { asAdmin } from "./admin-test-support.ts";

useMsw();

const message = (id: number, over: Record<string, unknown> = {}) => ({
  id, name: `Sender ${id}`, email: `sender${id}@example.com`, subject: `Subject ${id}`, category: "api-support",
  priority: "normal", message: `Message ${id}`, ip: "127.0.0.1", createdAt: "2026-11-20T10:00:00.000Z", readAt: null, ...over,
});

describe("Contact Messages", () => {
  it("lists messages newest first with every field, HTML shown as typed, and pages by 20", async () => {
    const pages: number[] = [];
    server.use(...asAdmin(), trpcOk<{ page: number }>("contact.adminList", (input: { page: number }) => ({
      messages: input.page === 1
        ? [message(1, { message: "<b>not bold</b>\nsecond line", priority: "critical" }), message(2)]
        : [message(21)],
      page: input.page, limit: 20, total: 21, totalPages: 2,
    }), (input) => pages.push(input.page)));
    renderApp("/admin/messages");
    expect(await screen.findByRole("heading", { level: 1, name: "Contact Messages" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Contact messages" });
    const first = await within(table).findByRole("row", { name: /Sender 1/ });
    expect(first.textContent).toContain("sender1@example.com");
    expect(first.textContent).toContain("critical");
    expect(within(first).getByText(/<b>not bold<\/b>/)).toBeTruthy();
    expect(first.querySelector("b")).toBeNull();
    expect(screen.getByText("Showing 1 to 20 of 21 results")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await within(table).findByRole("row", { name: /Sender 21/ })).toBeTruthy();
    expect(pages).toEqual([1, 2]);
    expect(screen.getAllByRole("link", { name: /Messages/ }).length).toBeGreaterThan(0);
  });

  it("says when there are none, and when they could not be loaded", async () => {
    server.use(...asAdmin(), trpcOk("contact.adminList", { messages: [], page: 1, limit: 20, total: 0, totalPages: 0 }));
    const { unmount } = renderApp("/admin/messages");
    expect(await screen.findByText("No messages yet")).toBeTruthy();
    unmount();
    server.use(...asAdmin(), trpcError("contact.adminList", 500, "database unavailable"));
    renderApp("/admin/messages");
    expect(await screen.findByText("Failed to load contact messages: database unavailable")).toBeTruthy();
  });
});

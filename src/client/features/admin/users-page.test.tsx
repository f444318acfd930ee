// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { clearToasts, mutationOk, signedIn, trpcOk } from "../../testing/trpc-msw.ts";
import { UsersPage } from "./users-page.tsx";

useMsw();
afterEach(clearToasts);

const row = (id: number, email: string, over: Record<string, unknown> = {}) => ({
  id, email, firstName: null, createdAt: "2026-01-02T10:00:00.000Z", lastSignInAt: null, domainCount: 3, accountCount: 1,
  twoFactorEnabled: false, isAdmin: false, disabled: false, disabledAt: null, ...over,
});

describe("admin Users page", () => {
  it("lists users with their counts and state, acts on one, and shows the audit log", async () => {
    const calls: unknown[] = [];
    server.use(
      signedIn({ firstName: "Root", email: "root@example.com", isAdmin: true }),
      trpcOk("adminUsers.list", {
        users: [row(1, "root@example.com", { isAdmin: true, twoFactorEnabled: true }), row(2, "sam@example.com", { disabled: true })],
        page: 1, pageSize: 20, total: 2, totalPages: 1, requireTwoFactorForAdmins: false, mailConfigured: true,
      }),
      trpcOk("adminUsers.auditLog", {
        entries: [{ id: 9, actorEmail: "root@example.com", targetEmail: "sam@example.com", action: "disable", description: "Disabled sign-in", detail: null, ip: "203.0.113.9", createdAt: "2026-11-28T09:00:00.000Z" }],
        page: 1, pageSize: 20, total: 1, totalPages: 1,
      }),
      mutationOk("adminUsers.setDisabled", { id: 2, isAdmin: false, disabled: false, changed: true }, calls),
    );
    const user = userEvent.setup();
    renderUi(<UsersPage />);
    const users = within(await screen.findByRole("table", { name: "Users" }));
    const sam = within((await users.findByText("sam@example.com")).closest("tr")!);
    expect(sam.getByText("Disabled")).toBeTruthy();
    expect(sam.getAllByText("3")).toHaveLength(1);
    await user.click(sam.getByRole("button", { name: "Enable sign-in: sam@example.com" }));
    await screen.findByRole("table", { name: "Users" });
    expect(calls).toEqual([{ id: 2, disabled: false }]);
    const audit = within(screen.getByRole("table", { name: "Audit log" }));
    expect(audit.getByText("Disabled sign-in")).toBeTruthy();
    expect(audit.getByText("203.0.113.9")).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Require two-step sign-in for administrators" })).toBeTruthy();
  });
});

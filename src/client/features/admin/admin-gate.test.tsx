// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { signedIn, trpcError } from "../../testing/trpc-msw.ts";
import { AdminGate } from "./admin-gate.tsx";
import { AdminOverview } from "./admin-overview.tsx";
import { asAdmin, clearToasts } from "./admin-test-support.ts";

useMsw();
afterEach(clearToasts);

const ping = (status: number) =>
  http.get("*/api/admin/ping", () =>
    status === 200 ? HttpResponse.json({ ok: true }) : HttpResponse.json({ message: "Admin privileges required" }, { status }));
/** The page says 'Access Denied' too, so the toast is looked up inside the toast region. */
async function deniedToast(): Promise<string> {
  let text = "";
  await waitFor(() => {
    text = [...document.querySelectorAll("[data-scope=toast][data-part=root]")].map((t) => t.textContent).join("|");
    expect(text).toContain("Access Denied");
  });
  return text;
}
const admin = () => renderUi(<AdminGate><AdminOverview /></AdminGate>, "/admin");

describe("admin access", () => {
  it("turns a signed-in non-admin away with 'Access Denied', then goes home after a second", async () => {
    server.use(signedIn({ firstName: "Bob", email: "bob@example.com", isAdmin: false }));
    const { router } = admin();
    expect(await deniedToast()).toContain("Admin privileges required to access this page.");
    expect(screen.getByRole("heading", { name: "Access Denied" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "System Overview" })).toBeNull();
    expect(router.state.location.pathname).toBe("/admin");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("treats a 403 from the server as 'Access Denied' even when the flag said admin", async () => {
    server.use(signedIn({ firstName: "Eve", email: "eve@example.com", isAdmin: true }), ping(403));
    const { router } = admin();
    expect(await deniedToast()).toContain("Admin privileges required to access this page.");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("turns away on a 403 from any admin call, after the admin check passed", async () => {
    server.use(...asAdmin(), trpcError("priceEngine.overview", 403, "Admin privileges required"));
    const { router } = admin();
    expect(await deniedToast()).toContain("Admin privileges required to access this page.");
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("says so when the admin check itself fails", async () => {
    server.use(signedIn({ firstName: "Ada", email: "ada@example.com", isAdmin: true }), ping(500));
    admin();
    expect(await screen.findByRole("heading", { name: "Failed to load the admin area" })).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { signedIn, trpcError, trpcOk } from "../../testing/trpc-msw.ts";
import { AdminGate } from "./admin-gate.tsx";
import { AdminOverview } from "./admin-overview.tsx";

useMsw();
// Toasts live in a module-level store that outlives each render: clear it so one test never sees another's.
afterEach(async () => (await import("../../components/ui/toaster-view.tsx")).toaster.remove());

const ping = (status: number) =>
  http.get("*/api/admin/ping", () =>
    status === 200 ? HttpResponse.json({ ok: true }) : HttpResponse.json({ message: "Admin privileges required" }, { status }));
const STATS = { tlds: 1605, activeTlds: 1500, registryOperators: 912, knownRegistrars: 2459, serviceProviders: 13 };
/** The page says 'Access Denied' too, so the toast is looked up inside the toast region. */
async function deniedToast(): Promise<string> {
  let text = "";
  await waitFor(() => {
    text = [...document.querySelectorAll("[data-scope=toast][data-part=root]")].map((t) => t.textContent).join("|");
    expect(text).toContain("Access Denied");
  }, { timeout: 3000 });
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
    await waitFor(() => expect(router.state.location.pathname).toBe("/"), { timeout: 2000 });
  });

  it("treats a 403 from the server as 'Access Denied' even when the flag said admin", async () => {
    server.use(signedIn({ firstName: "Eve", email: "eve@example.com", isAdmin: true }), ping(403));
    const { router } = admin();
    expect(await deniedToast()).toContain("Admin privileges required to access this page.");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"), { timeout: 2000 });
  });
});

describe("System Overview", () => {
  it("shows the real catalogue counts and names what the server cannot report yet", async () => {
    server.use(signedIn({ firstName: "Ada", email: "ada@example.com", isAdmin: true }), ping(200), trpcOk("catalogue.stats", STATS));
    admin();
    expect(await screen.findByRole("heading", { level: 1, name: "System Overview" })).toBeTruthy();
    expect((await screen.findByText("1,605")).closest("dl, div")?.textContent).toContain("Total TLDs");
    expect(screen.getByText("13").closest("dl, div")?.textContent).toContain("Service Providers");
    expect(screen.getByText(/Domain Prices, Total Users and the recent price-retrieval logs/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refresh" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: /Auto-refresh/ })).toBeTruthy();
  });

  it("says when the overview cannot load", async () => {
    server.use(signedIn({ firstName: "Ada", email: "ada@example.com", isAdmin: true }), ping(200), trpcError("catalogue.stats", 500));
    admin();
    expect(await screen.findByText("Failed to load system overview")).toBeTruthy();
  });
});

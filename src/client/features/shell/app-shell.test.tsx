// @vitest-environment happy-dom
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { controlIntersections } from "../../testing/intersection.ts";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { signedIn, trpcOk } from "../../testing/trpc-msw.ts";
import { AppShell } from "./app-shell.tsx";

useMsw();
afterEach(() => vi.unstubAllGlobals());
type HappyWindow = { happyDOM: { setViewport(v: { width: number; height: number }): void } };
// The phone test narrows the viewport: every test after it gets happy-dom's default desktop one back.
afterEach(() => (window as unknown as HappyWindow).happyDOM.setViewport({ width: 1024, height: 768 }));

const mainNav = () => within(screen.getByRole("navigation", { name: "Main" }));

describe("app shell", () => {
  it("offers Sign In and Get Started to visitors, both to /api/login, and only the public links", async () => {
    renderUi(<AppShell>page</AppShell>);
    const signIn = await screen.findByRole("link", { name: "Sign In" });
    expect(signIn.getAttribute("href")).toBe("/api/login");
    expect(screen.getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe("/api/login");
    expect(mainNav().getAllByRole("link").map((a) => a.textContent)).toEqual(["TLDs", "Registrars"]);
    expect(screen.queryByText(/Welcome,/)).toBeNull();
  });

  it("draws the top bar with plain elements and the static stylesheet's classes, none styled per render by emotion", async () => {
    renderUi(<AppShell>page</AppShell>);
    await screen.findByRole("link", { name: "Sign In" });
    const header = screen.getByRole("banner");
    expect([...header.querySelectorAll("[class*='css-']")].map((e) => e.outerHTML.slice(0, 80))).toEqual([]);
    expect(header.className).toBe("app-topbar");
  });

  it("welcomes a signed-in user by first name, adds the account links and Sign Out", async () => {
    server.use(signedIn({ firstName: "Ada", email: "ada@example.com" }));
    renderUi(<AppShell>page</AppShell>);
    expect(await screen.findByText("Welcome, Ada")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign Out" }).getAttribute("href")).toBe("/api/logout");
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
    // No Admin link for a user who is not an administrator.
    expect(mainNav().getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual(["/tlds", "/registrars", "/portfolio", "/accounts", "/api-keys", "/settings/notifications"]);
    // The greeting opens the account settings.
    expect(screen.getAllByRole("link", { name: "Welcome, Ada" })[0]!.getAttribute("href")).toBe("/settings/account");
  });

  it("shows the Admin link to administrators only", async () => {
    server.use(signedIn({ firstName: "Root", email: "root@example.com", isAdmin: true }));
    renderUi(<AppShell>page</AppShell>);
    expect(await screen.findByText("Welcome, Root")).toBeTruthy();
    expect(mainNav().getByRole("link", { name: "Admin" }).getAttribute("href")).toBe("/admin");
    expect(mainNav().getAllByRole("link").map((a) => a.getAttribute("href")).at(-1)).toBe("/admin");
  });

  it("falls back to the e-mail address when there is no first name", async () => {
    server.use(signedIn({ firstName: null, email: "ada@example.com" }));
    renderUi(<AppShell>page</AppShell>);
    expect(await screen.findByText("Welcome, ada@example.com")).toBeTruthy();
  });

  it("renders the footer when it nears the viewport, with every destination and the copyright line", async () => {
    server.use(trpcOk("site.settings", { communityChatUrl: "https://chat.example.org/join", contactEmail: null, priceStaleDays: 90 }));
    const view = controlIntersections();
    renderUi(<AppShell>page</AppShell>);
    await screen.findByRole("link", { name: "Sign In" });
    expect(screen.queryByRole("contentinfo")).toBeNull();
    act(() => view.reveal());
    const footer = within(await screen.findByRole("contentinfo"));
    const hrefs = footer.getAllByRole("link").map((a) => a.getAttribute("href"));
    for (const path of ["/tlds", "/", "/portfolio", "/api-access", "/registry-operators", "/registry-coverage", "/registrars", "/icann-accredited-registrars",
      "/service-providers", "/documentation", "/help", "/contact", "/status", "/privacy", "/terms", "/cookies"]) {
      expect(hrefs).toContain(path);
    }
    const chat = await footer.findByRole("link", { name: "Community Chat" });
    expect(chat.getAttribute("target")).toBe("_blank");
    expect(chat.getAttribute("href")).toBe("https://chat.example.org/join");
    expect(footer.getByText(`Copyright ${new Date().getFullYear()} TLDScope. All rights reserved.`)).toBeTruthy();
  });

  it("leaves the community chat out of the footer when the deployment has none", async () => {
    const view = controlIntersections();
    renderUi(<AppShell>page</AppShell>);
    await screen.findByRole("link", { name: "Sign In" });
    act(() => view.reveal());
    const footer = within(await screen.findByRole("contentinfo"));
    await footer.findByRole("link", { name: "Help Center" });
    await new Promise((r) => setTimeout(r, 50));
    expect(footer.queryByRole("link", { name: "Community Chat" })).toBeNull();
  });

  it("opens the menu drawer on a phone and closes it when a link is tapped", async () => {
    // happy-dom evaluates Chakra's media queries against this viewport.
    (window as unknown as HappyWindow).happyDOM.setViewport({ width: 360, height: 740 });
    const user = userEvent.setup();
    const { router } = renderUi(<AppShell>page</AppShell>);
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    const drawer = within(await screen.findByRole("dialog"));
    expect(drawer.getByRole("link", { name: "Sign In" })).toBeTruthy();
    // The drawer's label names the plain currency select it sits above.
    const select = drawer.getByRole("combobox", { name: "Display currency" });
    expect(drawer.getByText("Display currency").closest("label")?.htmlFor).toBe(select.id);
    await user.click(drawer.getByRole("link", { name: "Registrars" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/registrars");
  });
});

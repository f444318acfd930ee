// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findToast, renderUi, server, useMsw } from "../testing/render.tsx";
import { signedIn, trpcPending } from "../testing/trpc-msw.ts";
import { RequireAuth } from "./require-auth.tsx";

useMsw();
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("signed-in pages", () => {
  it("show their content to a signed-in user", async () => {
    server.use(signedIn({ firstName: "Ada", email: "ada@example.com" }));
    renderUi(<RequireAuth title="Domain Portfolio"><p>private page</p></RequireAuth>, "/portfolio");
    expect(await screen.findByText("private page")).toBeTruthy();
  });

  it("carry their own title while the session is checked", async () => {
    server.use(trpcPending("auth.me"));
    renderUi(<RequireAuth title="Domain Portfolio"><p>private page</p></RequireAuth>, "/portfolio");
    expect(await screen.findByText("Checking your session…")).toBeTruthy();
    expect(document.title).toBe("Domain Portfolio | TLDScope");
  });

  // Only one redirect per file: lib/unauthorized.ts redirects once per page load, by design.
  it("tell a signed-out visitor, then send them to /api/login after 500 ms", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, origin: window.location.origin });
    renderUi(<RequireAuth title="Domain Portfolio"><p>private page</p></RequireAuth>, "/portfolio");
    const toast = await findToast("Unauthorized");
    expect(toast.textContent).toContain("You are logged out. Logging in again...");
    expect(screen.queryByText("private page")).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/api/login"), { timeout: 2000 });
  });
});

// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findToast, server, useMsw } from "../../testing/render.tsx";
import { renderApp } from "../../testing/render-app.tsx";
import { trpcError } from "../../testing/trpc-msw.ts";
import { asAdmin } from "./admin-test-support.ts";

useMsw();
afterEach(() => vi.unstubAllGlobals());

// One redirect per file: lib/unauthorized.ts redirects once per page load, by design.
describe("a session that ends on an admin page", () => {
  it("says 'Unauthorized', then goes to the login after half a second", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, origin: window.location.origin });
    server.use(...asAdmin(), trpcError("priceEngine.overview", 401, "Unauthorized"));
    renderApp("/admin");
    const toast = await findToast("Unauthorized");
    expect(toast.textContent).toContain("You are logged out. Logging in again...");
    expect(screen.queryByText("Failed to initiate manual fetch")).toBeNull();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/api/login"), { timeout: 10_000 });
  });
});

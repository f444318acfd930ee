// @vitest-environment happy-dom
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from "@tanstack/react-router";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter, useMsw } from "../testing/render.tsx";
import { SpaAnchor } from "./spa-anchor.tsx";

useMsw();

function buildRouter(loader: () => void) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const home = createRoute({ getParentRoute: () => root, path: "/", component: () => <SpaAnchor href="/tld/com">.com</SpaAnchor> });
  const tld = createRoute({ getParentRoute: () => root, path: "/tld/$tldId", loader, component: () => <h1>TLD page</h1> });
  return createRouter({ routeTree: root.addChildren([home, tld]), history: createMemoryHistory({ initialEntries: ["/"] }) });
}

describe("SpaAnchor", () => {
  it("preloads the page on hover, navigates client-side on a plain click and leaves modified clicks to the browser", async () => {
    const loader = vi.fn();
    const { router } = renderWithRouter(() => buildRouter(loader));
    const link = await screen.findByRole("link", { name: ".com" });
    expect(link.getAttribute("href")).toBe("/tld/com");
    expect(loader).not.toHaveBeenCalled();

    fireEvent.pointerEnter(link);
    await waitFor(() => expect(loader).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe("/");

    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true); // not prevented: a new tab
    expect(router.state.location.pathname).toBe("/");
    fireEvent.click(link);
    expect(await screen.findByRole("heading", { name: "TLD page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/tld/com");
  });
});

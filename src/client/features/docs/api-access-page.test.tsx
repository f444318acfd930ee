// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcOk } from "../../testing/trpc-msw.ts";
import { ApiAccessPage } from "./api-access-page.tsx";

useMsw();

const ENDPOINTS = [
  { method: "GET", path: "/api/currencies", summary: "Display currencies", description: "Every currency with a stored ECB reference rate.", parameters: [] },
  { method: "GET", path: "/api/tlds/{id}", summary: "One TLD", description: "A catalogue entry.", parameters: ["id"] },
  { method: "GET", path: "/api/domain-prices", summary: "Price list", description: "One page of priced TLDs.", parameters: ["page", "limit", "sortBy"] },
];

describe("API Access", () => {
  it("lists the endpoints the server's OpenAPI document describes, with their parameters", async () => {
    server.use(trpcOk("apiDocs.endpoints", ENDPOINTS));
    renderUi(<ApiAccessPage />);
    const rows = await screen.findAllByRole("row");
    const body = rows.slice(1);
    expect(body.map((r) => within(r).getByText(/^\/api\//).textContent)).toEqual(["/api/currencies", "/api/tlds/{id}", "/api/domain-prices"]);
    expect(body[0]!.textContent).toContain("none");
    expect(body[2]!.textContent).toContain("page, limit, sortBy");
    expect(screen.queryByText("/api/iana-registrars")).toBeNull();
  });

  it("says so when the list does not load and points to the reference", async () => {
    server.use(trpcError("apiDocs.endpoints", 500, "Internal server error"));
    renderUi(<ApiAccessPage />);
    expect(await screen.findByText(/The endpoint list did not load: Internal server error/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "API Reference" }).getAttribute("href")).toBe("/api/reference");
  });
});

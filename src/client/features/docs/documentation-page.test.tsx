// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi, useMsw } from "../../testing/render.tsx";
import { DocumentationPage } from "./documentation-page.tsx";

useMsw();

const categories = () => screen.queryAllByRole("heading", { level: 2 }).map((h) => h.textContent).filter((t) => t !== "Can't find what you need?");

describe("Documentation", () => {
  it("lists four categories of four articles with difficulty badges", async () => {
    renderUi(<DocumentationPage />);
    await screen.findByRole("heading", { level: 1, name: "Documentation" });
    expect(categories()).toEqual(["Getting Started", "Domain Management", "API Integration", "Data & Insights"]);
    expect(screen.getAllByRole("listitem")).toHaveLength(16);
    expect(screen.getAllByText(/^(Beginner|Intermediate|Advanced)$/)).toHaveLength(16);
  });

  it("filters by article title or category title, case-insensitively, and clears", async () => {
    const user = userEvent.setup();
    renderUi(<DocumentationPage />);
    const search = await screen.findByRole("searchbox", { name: "Search documentation" });
    await user.type(search, "CSV");
    expect(categories()).toEqual(["Domain Management"]);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Importing and exporting your portfolio as CSVIntermediate"]);
    await user.clear(search);
    await user.type(search, "api integration");
    expect(categories()).toEqual(["API Integration"]);
    expect(screen.getAllByRole("listitem")).toHaveLength(4);
    await user.type(search, "zzz");
    expect(screen.getByText("No articles match your search.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Clear Search" }));
    expect(categories()).toHaveLength(4);
  });
});

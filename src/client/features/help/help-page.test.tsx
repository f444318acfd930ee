// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { HelpPage } from "./help-page.tsx";

useMsw();

const question = (name: string | RegExp) => screen.getByRole("button", { name });
const expanded = (name: string | RegExp) => question(name).getAttribute("aria-expanded") === "true";

describe("Help Center", () => {
  it("names the page and keeps at most one answer open; a second click closes it", async () => {
    const user = userEvent.setup();
    renderUi(<HelpPage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Help Center" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Help Center | TLDScope"));
    await user.click(question(/How do I sign in\?/));
    expect(expanded(/How do I sign in\?/)).toBe(true);
    await user.click(question(/Where do the prices come from\?/));
    expect(expanded(/Where do the prices come from\?/)).toBe(true);
    expect(expanded(/How do I sign in\?/)).toBe(false);
    await user.click(question(/Where do the prices come from\?/));
    expect(expanded(/Where do the prices come from\?/)).toBe(false);
  });

  it("searches questions and answers case-insensitively and filters by category", async () => {
    const user = userEvent.setup();
    renderUi(<HelpPage />);
    await user.type(await screen.findByRole("searchbox", { name: "Search help articles" }), "CALENDAR");
    // "calendar" is in one question's answer and another's answer text only.
    const shown = screen.getAllByRole("button").filter((b) => b.hasAttribute("aria-expanded")).map((b) => b.textContent);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.some((t) => t?.includes("Can I get reminders before my domains expire?"))).toBe(true);
    expect(shown.some((t) => t?.includes("Do I need an account"))).toBe(false);
    await user.clear(screen.getByRole("searchbox", { name: "Search help articles" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "pricing");
    const pricing = screen.getAllByRole("button").filter((b) => b.hasAttribute("aria-expanded"));
    expect(pricing).toHaveLength(3);
    expect(pricing.every((b) => b.textContent?.startsWith("Pricing & Comparison"))).toBe(true);
  });

  it("says 'No results found' and Clear Search resets the search and the category", async () => {
    const user = userEvent.setup();
    renderUi(<HelpPage />);
    await user.selectOptions(await screen.findByRole("combobox", { name: "Category" }), "domains-tlds");
    await user.type(screen.getByRole("searchbox", { name: "Search help articles" }), "zebra crossing");
    expect(screen.getByRole("heading", { name: "No results found" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Clear Search" }));
    expect(screen.getByRole<HTMLInputElement>("searchbox", { name: "Search help articles" }).value).toBe("");
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Category" }).value).toBe("all");
    expect(screen.getAllByRole("button").filter((b) => b.hasAttribute("aria-expanded"))).toHaveLength(12);
  });

  it("offers the community chat and the contact address only when the deployment has them", async () => {
    server.use(trpcOk("site.settings", { communityChatUrl: "https://chat.example.org/x", contactEmail: "help@example.org" }));
    const first = renderUi(<HelpPage />);
    const support = within(await screen.findByRole("region", { name: "Still need help?" }));
    expect((await support.findByRole("link", { name: "Join the chat" })).getAttribute("href")).toBe("https://chat.example.org/x");
    expect(support.getByText(/You can also write to help@example\.org\./)).toBeTruthy();
    first.unmount();
    server.use(trpcOk("site.settings", { communityChatUrl: null, contactEmail: null }));
    renderUi(<HelpPage />);
    const unset = within(await screen.findByRole("region", { name: "Still need help?" }));
    await new Promise((r) => setTimeout(r, 50));
    expect(unset.queryByRole("link", { name: "Join the chat" })).toBeNull();
    expect(unset.queryByText(/You can also write to/)).toBeNull();
    expect(unset.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe("/contact");
  });
});

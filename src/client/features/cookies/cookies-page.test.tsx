// @vitest-environment happy-dom
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderUi, useMsw } from "../../testing/render.tsx";
import { CookiesPage } from "./cookies-page.tsx";

useMsw();
beforeEach(() => window.localStorage.clear());
afterEach(() => vi.useRealTimers());

const toggle = (name: string) => screen.getByRole<HTMLInputElement>("checkbox", { name: `${name} cookies` });
const stored = () => JSON.parse(window.localStorage.getItem("cookiePreferences") ?? "null");

describe("Cookie preferences", () => {
  it("lists every cookie the site sets with its purpose and lifetime, the currency cookie included", async () => {
    renderUi(<CookiesPage />);
    const table = within(await screen.findByRole("table", { name: "Cookies this site sets" }));
    const rows = table.getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(rows.map((cells) => cells[0])).toEqual(["session", "currency", "oidc_flow"]);
    expect(rows[1]).toEqual(["currency", "When you choose a display currency", expect.stringContaining("currency you chose"), "One year from your last choice"]);
    expect(rows[0]![3]).toContain("30 days");
    expect(screen.getByText("Examples: currency")).toBeTruthy();
  });

  it("starts with essential locked on, analytics on, functional and advertising off", async () => {
    renderUi(<CookiesPage />);
    await screen.findByRole("heading", { level: 1, name: "Cookie Policy" });
    expect(toggle("Essential").checked).toBe(true);
    expect(toggle("Essential").disabled).toBe(true);
    expect(toggle("Analytics").checked).toBe(true);
    expect(toggle("Functional").checked).toBe(false);
    expect(toggle("Advertising").checked).toBe(false);
    expect(stored()).toBeNull();
  });

  it("Accept All, Reject Non-Essential and Save Preferences each store the map under cookiePreferences", async () => {
    const user = userEvent.setup();
    renderUi(<CookiesPage />);
    await user.click(await screen.findByRole("button", { name: "Accept All" }));
    expect(stored()).toEqual({ essential: true, analytics: true, functional: true, advertising: true });
    await user.click(screen.getByRole("button", { name: "Reject Non-Essential" }));
    expect(stored()).toEqual({ essential: true, analytics: false, functional: false, advertising: false });
    expect(toggle("Analytics").checked).toBe(false);
    await user.click(toggle("Functional"));
    expect(stored().functional).toBe(false); // not saved until asked
    await user.click(screen.getByRole("button", { name: "Save Preferences" }));
    expect(stored()).toEqual({ essential: true, analytics: false, functional: true, advertising: false });
  });

  it("reads stored choices back (essential stays on) and shows the saved banner for 3 seconds", async () => {
    window.localStorage.setItem("cookiePreferences", JSON.stringify({ essential: false, analytics: false, functional: true, advertising: true }));
    renderUi(<CookiesPage />);
    await screen.findByRole("heading", { level: 1, name: "Cookie Policy" });
    expect(toggle("Essential").checked).toBe(true);
    expect([toggle("Analytics").checked, toggle("Functional").checked, toggle("Advertising").checked]).toEqual([false, true, true]);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    act(() => screen.getByRole("button", { name: "Save Preferences" }).click());
    expect(screen.getByText("Your cookie preferences have been saved.")).toBeTruthy();
    act(() => { vi.advanceTimersByTime(2900); });
    expect(screen.queryByText("Your cookie preferences have been saved.")).toBeTruthy();
    act(() => { vi.advanceTimersByTime(200); });
    expect(screen.queryByText("Your cookie preferences have been saved.")).toBeNull();
  });
});

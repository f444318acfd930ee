// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup } from "@testing-library/react";
import { formatUtcDay } from "../../shared/price-format.ts";
import { DisplayPrice, rateIsOld, shownPrice } from "./display-price.tsx";

afterEach(cleanup);

const display = { currency: "JPY", registrationPrice: "1580", renewalPrice: null, transferPrice: "1600", converted: true, rateDate: "2025-05-09" };

describe("a price in the display currency", () => {
  it("marks a converted amount, focusable, with its original amount and rate day in the tip and its name", async () => {
    render(<DisplayPrice price={shownPrice("10.88", "USD", display, "registrationPrice")} />);
    const mark = screen.getByRole("note", { name: "¥1,580, Converted from $10.88 at the ECB rate of May 9, 2025" });
    expect(mark.textContent).toBe("≈¥1,580Converted from $10.88 at the ECB rate of May 9, 2025");
    await userEvent.tab();
    expect(document.activeElement).toBe(mark);
  });

  it("shows an amount not converted, a missing one and one without a rate plainly", () => {
    render(
      <>
        <DisplayPrice price={shownPrice("9.00", "EUR", { ...display, currency: "EUR", registrationPrice: "9.00", converted: false, rateDate: null }, "registrationPrice")} />
        <DisplayPrice price={shownPrice(null, "USD", display, "renewalPrice")} />
        <DisplayPrice price={shownPrice("500.00", "XAU", null, "registrationPrice")} />
      </>,
    );
    expect(screen.queryByRole("note")).toBeNull();
    expect(document.body.textContent).toBe("€9.00N/AXAU 500.00");
  });

  it("names a rate more than a week old under the amount, visibly; a recent one only in the tip", () => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const { unmount } = render(<DisplayPrice price={shownPrice("10.88", "USD", { ...display, rateDate: day(8) }, "registrationPrice")} />);
    const old = document.querySelector(".converted-rate-day");
    expect(old?.textContent).toBe(`ECB rate of ${formatUtcDay(day(8))}`);
    unmount();
    render(<DisplayPrice price={shownPrice("10.88", "USD", { ...display, rateDate: day(2) }, "registrationPrice")} />);
    expect(screen.getByRole("note").textContent).toContain(formatUtcDay(day(2))!);
    expect(document.querySelector(".converted-rate-day")).toBeNull();
  });

  it("tells an old rate from a recent one by its day", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(rateIsOld("2026-11-18", now)).toBe(false);
    expect(rateIsOld("2026-11-17", now)).toBe(true);
    expect(rateIsOld("2025-05-09", now)).toBe(true);
  });
});

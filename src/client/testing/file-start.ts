/** Runs before every client test: each starts in US dollars, as a first visit does. */
import { beforeEach } from "vitest";
import { setDisplayCurrency } from "../lib/display-currency.ts";

beforeEach(() => {
  if (typeof document !== "undefined") setDisplayCurrency("USD");
});

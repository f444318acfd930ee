/**
 * Runs before every client test. The files of one fork share their modules
 * (vitest.config.ts), so what a module remembers for the page is put back to a first visit's.
 */
import { beforeEach } from "vitest";
import { setDisplayCurrency } from "../lib/display-currency.ts";

beforeEach(() => {
  if (typeof document !== "undefined") setDisplayCurrency("USD");
});

/**
 * Runs at the start of every client test file. The files of one fork share their modules
 * (vitest.config.ts), so what a module remembers for the page is put back to a first visit's.
 */
import { beforeAll } from "vitest";
import { setDisplayCurrency } from "../lib/display-currency.ts";

beforeAll(() => {
  if (typeof document !== "undefined") setDisplayCurrency("USD");
});

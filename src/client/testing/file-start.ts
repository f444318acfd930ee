/**
 * Runs before every client test file. Files share their worker's document (vitest.config.ts,
 * docs/decisions/053), so each starts from an empty one, as a first visit does: no head or body
 * left by an earlier file, no stored preferences or cookies, the path at /. Each test starts in
 * US dollars, and every test's rendered trees are unmounted after it, in every file (a file that
 * rendered without MSW once left its trees mounted, and the next file's cleanup then failed to
 * remove nodes the empty document no longer had).
 */
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach } from "vitest";
import { setDisplayCurrency } from "../lib/display-currency.ts";

beforeAll(() => {
  if (typeof document === "undefined") return;
  cleanup();
  document.head.replaceChildren();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  history.replaceState(null, "", "/");
});

beforeEach(() => {
  if (typeof document !== "undefined") setDisplayCurrency("USD");
});

afterEach(() => {
  if (typeof document !== "undefined") cleanup();
});

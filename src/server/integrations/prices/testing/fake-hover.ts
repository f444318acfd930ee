/**
 * Hover's domain-pricing page on loopback: an HTML page whose price table carries its prices
 * as HTML-escaped JSON in `data-props`, as www.hover.com/domain-pricing does. The prices are
 * the real ones in db/seed/data/prices/hover.2023-08-28.json, saved from that page.
 */
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

export const HOVER_PRICES = readFileSync(new URL("../../../../../db/seed/data/prices/hover.2023-08-28.json", import.meta.url), "utf8");

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The pricing page around a `{prices}` JSON text (the bundled one unless given). */
export function hoverPricingPage(pricesJson: string = HOVER_PRICES): string {
  const props = JSON.stringify({ ...(JSON.parse(pricesJson) as object), currency: "USD" });
  return `<!DOCTYPE html>\n<html lang="en">\n<head><title>Domain Pricing | Hover</title></head>\n<body>\n` +
    `<div class="hero" data-props="{&quot;title&quot;:&quot;Domain pricing&quot;}"></div>\n` +
    `<div class="table" data-react-class="DomainPricingTable" data-props="${escapeAttribute(props)}"></div>\n` +
    `</body>\n</html>\n`;
}

/** Serves the bundled prices until setPrices replaces them. */
export function fakeHover(behaviour: FakeBehaviour = "success"): { app: Hono; control: FakeControl; setPrices(next: string): void } {
  const control = createControl(behaviour);
  let page = hoverPricingPage();
  const app = new Hono();
  app.get("/domain-pricing", (c) => respond(control, c, {
    contentType: "text/html; charset=utf-8",
    successText: () => page,
    success: (c) => c.html(page),
    malformed: () => new Response("<!DOCTYPE html>\n<html><body><div class=\"table\"></div></body></html>", { headers: { "content-type": "text/html" } }),
    providerError: (c) => c.html("<!DOCTYPE html><html><body>Access denied</body></html>", 403),
  }));
  return { app, control, setPrices: (next) => { page = hoverPricingPage(next); } };
}

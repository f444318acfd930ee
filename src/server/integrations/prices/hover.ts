/**
 * Hover's public prices: GET {HOVER_PRICES_URL}, its domain-pricing page, no key needed. The
 * page carries its whole price table as JSON in the `data-props` attribute of the table
 * element, `{prices: {tld: [flag, registration, renewal, transfer, …]}}` in USD: the shape of
 * the bundled Hover list. An answer that is that JSON itself (a mirror of it) is read too.
 */
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { callPriceApi, checkShape, LivePriceList, readJsonAnswer } from "./live-source.ts";
import { addHoverEntry, isObject } from "./price-list-builder.ts";
import { PriceSourceError, type PriceSource } from "./source.ts";

const SERVICE = "Hover";

const answerSchema = z.object({ prices: z.record(z.string(), z.unknown()) });

const ENTITIES: Record<string, string> = { quot: "\"", amp: "&", lt: "<", gt: ">", apos: "'", nbsp: "\u00a0" };

/** Decodes the character references an HTML attribute value may hold, in one pass. */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The first `data-props` attribute whose JSON holds a `prices` object; undefined when none does. */
export function pricesFromPricingPage(html: string): unknown {
  for (const [, double, single] of html.matchAll(/\sdata-props\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    try {
      const props: unknown = JSON.parse(decodeAttribute(double ?? single ?? ""));
      if (isObject(props) && isObject(props.prices)) return props;
    } catch {
      // Another component's props that are not JSON: keep looking.
    }
  }
  return undefined;
}

function readAnswer(text: string): unknown {
  const body = text.replace(/^\uFEFF/, "").trim();
  if (body.startsWith("{")) return readJsonAnswer(SERVICE, body);
  if (/^(<!doctype[^>]*>\s*)?<html[\s>]/i.test(body) && !/<\/html>$/i.test(body)) {
    throw new PriceSourceError("incomplete", `${SERVICE}'s pricing page stops halfway (the body is cut short); nothing was used, try again later`);
  }
  const props = pricesFromPricingPage(body);
  if (props === undefined) {
    throw new PriceSourceError("malformed", `${SERVICE}'s pricing page no longer carries its price table (no data-props with prices); the page may have changed, nothing was used`);
  }
  return props;
}

export function hoverSource(config: Pick<Config, "HOVER_PRICES_URL">, http?: HttpOptions): PriceSource {
  return {
    providerKey: "hover",
    missingConfiguration: () => null,
    async fetchPrices(options = {}) {
      const response = await callPriceApi({ service: SERVICE, url: config.HOVER_PRICES_URL, signal: options.signal, maxBytes: ANSWER_CAPS.hoverPage }, http);
      const answer = checkShape(SERVICE, answerSchema, readAnswer(response.text));
      const list = new LivePriceList("hover");
      for (const [name, entry] of Object.entries(answer.prices)) addHoverEntry(list.out, name, entry);
      return list.finish(SERVICE);
    },
  };
}

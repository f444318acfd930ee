/**
 * Openprovider's public price sheet: GET {OPENPROVIDER_PRICES_URL}, the Google Sheets CSV
 * export of the sheet Openprovider links from its pricing page, no key needed (shape in
 * openprovider-sheet.ts). Prices are USD, as in the bundled Openprovider list built from it.
 */
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { callPriceApi, checkShape, LivePriceList } from "./live-source.ts";
import { readOpenproviderSheet, SheetCutShortError, SheetShapeError, type OpenproviderSheetEntry } from "./openprovider-sheet.ts";
import { addOpenproviderEntry } from "./price-list-builder.ts";
import { PriceSourceError, type PriceSource } from "./source.ts";

const SERVICE = "Openprovider";

/** A sheet answers CSV text; an HTML page here is Google's sign-in or error page, not the sheet. */
const answerSchema = z.string().refine((text) => !/^\s*<(!doctype|html)/i.test(text), "an HTML page instead of the sheet's CSV");

function readSheet(text: string): Map<string, OpenproviderSheetEntry> {
  try {
    return readOpenproviderSheet(text);
  } catch (error) {
    if (error instanceof SheetCutShortError) {
      throw new PriceSourceError("incomplete", `${SERVICE}'s price sheet stops halfway (${error.message}); nothing was used, try again later`);
    }
    if (error instanceof SheetShapeError) {
      throw new PriceSourceError("malformed", `${SERVICE}'s price sheet is not the expected shape (${error.message}); the sheet may have changed, nothing was used`);
    }
    throw error;
  }
}

export function openproviderSource(config: Pick<Config, "OPENPROVIDER_PRICES_URL">, http?: HttpOptions): PriceSource {
  return {
    providerKey: "openprovider",
    missingConfiguration: () => null,
    async fetchPrices(options = {}) {
      const response = await callPriceApi({ service: SERVICE, url: config.OPENPROVIDER_PRICES_URL, signal: options.signal, maxBytes: ANSWER_CAPS.openproviderSheet }, http);
      const text = checkShape(SERVICE, answerSchema, response.text.replace(/^\uFEFF/, ""));
      const list = new LivePriceList("openprovider");
      for (const [name, entry] of readSheet(text)) addOpenproviderEntry(list.out, name, entry);
      return list.finish(SERVICE);
    },
  };
}

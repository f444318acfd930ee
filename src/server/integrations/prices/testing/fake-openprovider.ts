/**
 * Openprovider's price sheet on loopback, as Google Sheets' CSV export of it: a title row, the
 * sheet's header row, and one row per TLD, period and operation, every row as wide as the
 * header. Its prices are the real ones of db/seed/data/prices/openprovider.2026-08-22.json
 * (built from this sheet), with a two-year row beside each one-year row. Google answers a sheet
 * it cannot export with an HTML page; that is the refusal here.
 */
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

type Prices = Record<string, number>;
export type OpenproviderData = Record<string, { "regular-price": Prices; "member-price"?: Prices }>;

export const OPENPROVIDER_DATA = (JSON.parse(readFileSync(new URL("../../../../../db/seed/data/prices/openprovider.2026-08-22.json", import.meta.url), "utf8")) as {
  data: OpenproviderData;
}).data;

/** The path of the real export URL; OPENPROVIDER_PRICES_URL points at it on the fake's origin. */
export const OPENPROVIDER_SHEET_PATH = "/spreadsheets/d/1fHBHaxICLF7yhyEI5ir4jvY4H5h4nSa-aIgSMaP0500/export";

const HEADER = ["TLD", "Years", "Operation", "Price", "Basic \\ Pro \\ Expert", "Supreme", "Promo Price", "Promo Price", ""];
const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, "\"\"")}"` : cell);
const line = (cells: string[]) => cells.map(quote).join(",");

/** The CSV export of a sheet holding `data` (the bundled prices unless given). */
export function openproviderSheetCsv(data: OpenproviderData = OPENPROVIDER_DATA): string {
  const rows = [line(["Openprovider price list", ...HEADER.slice(1).map(() => "")]), line(HEADER)];
  for (const [tld, entry] of Object.entries(data)) {
    for (const [op, price] of Object.entries(entry["regular-price"])) {
      const member = entry["member-price"]?.[op];
      const memberCell = member === undefined || member === price ? "Non-member price" : String(member);
      for (const years of [1, 2]) {
        rows.push(line([tld, String(years), op, String(price * years), memberCell, "", "", "", ""]));
      }
    }
  }
  return rows.join("\r\n");
}

/** Serves the bundled prices until setCsv replaces the sheet's success answer (a name dropped, a price changed). */
export function fakeOpenprovider(behaviour: FakeBehaviour = "success"): { app: Hono; control: FakeControl; setCsv(next: () => string): void } {
  const control = createControl(behaviour);
  let answer = () => openproviderSheetCsv();
  const app = new Hono();
  const csvResponse = (text: string) => new Response(text, { headers: { "content-type": "text/csv; charset=utf-8" } });
  app.get(OPENPROVIDER_SHEET_PATH, (c) => respond(control, c, {
    contentType: "text/csv; charset=utf-8",
    successText: () => answer(),
    success: () => csvResponse(answer()),
    malformed: () => csvResponse("Domain,Cost\r\ncom,10.46\r\n"),
    providerError: (c) => c.html("<!DOCTYPE html><html><head><title>Google Drive - Page Not Found</title></head><body>Sorry, unable to open the file at this time.</body></html>"),
  }));
  return { app, control, setCsv: (next) => { answer = next; } };
}

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { openproviderSource } from "./openprovider.ts";
import { parseOpenproviderPricing, parseOpenproviderSheetCsv } from "./prices.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { fakeOpenprovider, OPENPROVIDER_SHEET_PATH } from "./testing/fake-openprovider.ts";

const fake = fakeOpenprovider();
const harness = serveFake(fake);
const source = () => openproviderSource(loadConfig({ OPENPROVIDER_PRICES_URL: `${harness.url()}${OPENPROVIDER_SHEET_PATH}?format=csv&gid=1726709886` }), harness.http);
const bundled = parseOpenproviderPricing(readFileSync(new URL("../../../../db/seed/data/prices/openprovider.2026-08-22.json", import.meta.url), "utf8"));

describe("Openprovider price source (its public sheet as CSV)", () => {
  it("reads the sheet's one-year non-member prices exactly as the bundled export of the same sheet", async () => {
    const before = Date.now();
    const list = await source().fetchPrices();
    expect(list.providerKey).toBe("openprovider");
    expect(list.observedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(list.quotes).toEqual(bundled.quotes);
    expect(list.quotes.find((q) => q.tld === "5g.in")).toMatchObject({ registration: 767, renewal: 1096, transfer: 767, currency: "USD" });
    expect(fake.control.requests[0]?.searchParams.get("gid")).toBe("1726709886");
    expect(source().missingConfiguration()).toBeNull();
  });

  it("skips a row it cannot read and a TLD listed twice, keeping the rest", () => {
    const csv = [
      "Price list,,,,,,,,", "TLD,Years,Operation,Price,Basic \\ Pro \\ Expert,Supreme,Promo Price,Promo Price,",
      "com,1,create,$10.46,Non-member price,,,,", "com,1,renew,\"1,010.46\",Non-member price,,,,", "com,1,transfer,n/a,,,,,",
      "dev,1,create,twelve,,,,,", "net,1,create,11.00,,,,,", "net,1,create,12.00,,,,,", "org,2,create,20.00,,,,,",
    ].join("\n");
    const snapshot = parseOpenproviderSheetCsv(csv, "2026-11-25");
    expect(snapshot.quotes).toEqual([expect.objectContaining({ tld: "com", registration: 1046, renewal: 101046, transfer: null })]);
    expect(snapshot.skipped).toEqual([{ name: "dev", reason: "malformed" }, { name: "net", reason: "malformed" }]);
  });

  it("refuses a sheet without its header row, or an HTML page in its place, as a changed sheet", async () => {
    fake.control.behaviour = "malformed";
    const error = await failure(source().fetchPrices());
    expect(error).toMatchObject({ kind: "malformed" });
    expect(error.message).toBe(
      "Openprovider's price sheet is not the expected shape (no header row with the columns TLD, Years, Operation, Price); the sheet may have changed, nothing was used",
    );
    fake.control.behaviour = "provider-error";
    expect((await failure(source().fetchPrices())).message).toMatch(/^Openprovider answered with an unexpected shape \(the answer: an HTML page instead of the sheet's CSV\)/);
  });

  it("refuses a sheet cut short, by the connection or inside a row", async () => {
    fake.control.behaviour = "cut-off";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "truncated";
    const error = await failure(source().fetchPrices());
    expect(error).toMatchObject({ kind: "incomplete" });
    expect(error.message).toMatch(/^Openprovider's price sheet stops halfway/);
  });

  it("gives up after three 500s, and times out on a sheet that never comes", async () => {
    fake.control.behaviour = "server-error";
    expect(await failure(source().fetchPrices())).toMatchObject({
      kind: "http", httpStatus: 500, message: "Openprovider answered 500 Internal Server Error three times; try again later",
    });
    fake.control.behaviour = "hang";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "timeout", message: "Openprovider did not answer within 500 ms; try again later" });
  });
});

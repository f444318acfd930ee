import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { PriceSnapshot } from "./types.ts";
import {
  loadAllPriceSnapshots, parseCloudflareCsv, parseCloudflareJson, parseDynadotPrices, parseEasynamePhp,
  parseHoverPrices, parseNamecheapApiPricing, parseNamecheapTldList, parseOpenproviderPricing,
  parsePorkbunPricing, parseRegistrarTldMarkdown,
} from "./prices.ts";

const DATA_DIR = fileURLToPath(new URL("../../../../db/seed/data/", import.meta.url));
const read = (file: string) => readFileSync(`${DATA_DIR}prices/${file}`, "utf8");
const quote = (s: PriceSnapshot, tld: string) => s.quotes.find((q) => q.tld === tld);
const skips = (s: PriceSnapshot, reason: string) => s.skipped.filter((k) => k.reason === reason).length;

const porkbun = parsePorkbunPricing(read("porkbun.pricing-get.json"), "2025-11-01");
const porkbunOld = parsePorkbunPricing(read("porkbun.pricing-get.2025-03-22.json"), "2025-03-22");
const dynadot = parseDynadotPrices(read("dynadot.2026-01-01.json"));
const namecheap = parseNamecheapApiPricing(read("namecheap.2025-10-25.json"));
const namecheapOld = parseNamecheapTldList(read("namecheap.2023-08-28.json"), "2023-08-28");
const openprovider = parseOpenproviderPricing(read("openprovider.2026-08-22.json"));
const cloudflare = parseCloudflareJson(read("cloudflare.2024-01-07.json"), "2024-01-07");
const cloudflareCsv = parseCloudflareCsv(read("cloudflare.2024-04-08.csv"), "2024-04-08");
const hover = parseHoverPrices(read("hover.2023-08-28.json"), "2023-08-28");
const easyname = parseEasynamePhp(read("easyname.2018-11-13.php"));
const markdown = parseRegistrarTldMarkdown(read("route53-dnsimple-googledomains.2022-09-28.md"), "2022-09-28");
const [route53, dnsimple, googledomains] = ["route53", "dnsimple", "googledomains"].map((key) => {
  const snapshot = markdown.find((s) => s.providerKey === key);
  if (!snapshot) throw new Error(`no ${key} snapshot`);
  return snapshot;
}) as [PriceSnapshot, PriceSnapshot, PriceSnapshot];

describe("quote and skip counts per file", () => {
  it.each([
    ["porkbun (undated)", porkbun, 621, 274],
    ["porkbun 2025-03-22", porkbunOld, 571, 274],
    ["dynadot", dynadot, 809, 0],
    ["namecheap 2025", namecheap, 1194, 0],
    ["namecheap 2023", namecheapOld, 1167, 0],
    ["openprovider", openprovider, 1835, 0],
    ["cloudflare json", cloudflare, 351, 0],
    ["cloudflare csv", cloudflareCsv, 346, 0],
    ["hover", hover, 485, 0],
    ["easyname", easyname, 475, 31],
    ["route53", route53, 313, 0],
    ["dnsimple", dnsimple, 327, 1],
    ["googledomains", googledomains, 308, 0],
  ])("%s: %i quotes, %i skipped", (_label, snapshot, quotes, skipped) => {
    expect(snapshot.quotes).toHaveLength(quotes);
    expect(snapshot.skipped).toHaveLength(skipped);
    expect(new Set(snapshot.quotes.map((q) => q.tld)).size).toBe(quotes);
    for (const q of snapshot.quotes) expect(q.tld).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/);
  });
});

describe("porkbun", () => {
  it("skips the Handshake names", () => {
    expect(skips(porkbun, "handshake")).toBe(274);
    expect(porkbun.skipped.find((s) => s.name === "35")).toEqual({ name: "35", reason: "handshake" });
    expect(quote(porkbun, "1")).toBeUndefined();
  });

  it("reads thousands commas exactly", () => {
    expect(quote(porkbun, "sexy")).toMatchObject({ registration: 257518, renewal: 257518, transfer: 257518 });
    expect(quote(porkbunOld, "cars")).toMatchObject({ registration: 206023, renewal: 206087, transfer: 206023 });
  });

  it("agrees with a digit-by-digit reading of every price string", () => {
    const raw = JSON.parse(read("porkbun.pricing-get.json")).pricing as Record<string, Record<string, string>>;
    const cents = (s: string) => Number(s.replace(/[,.]/g, ""));
    for (const q of porkbun.quotes) {
      const entry = raw[q.tld]!;
      expect([q.registration, q.renewal, q.transfer]).toEqual([cents(entry.registration!), cents(entry.renewal!), cents(entry.transfer!)]);
    }
  });

  it("treats a registration below renewal as a promo with the renewal as regular price", () => {
    expect(quote(porkbun, "xyz")).toEqual({
      tld: "xyz", registration: 206, renewal: 1298, transfer: 1298, currency: "USD", isPromo: true, regularRegistration: 1298, transferIsPromo: false,
    });
    expect(quote(porkbun, "com")).toMatchObject({ registration: 1108, isPromo: false, regularRegistration: null });
    // .eu costs more the first year than afterwards: not a promotion.
    expect(quote(porkbun, "eu")).toMatchObject({ registration: 546, renewal: 516, isPromo: false });
    expect(porkbun.quotes.filter((q) => q.isPromo)).toHaveLength(377);
  });

  it("keeps a free transfer as 0, for the seeder to judge", () => {
    expect(quote(porkbun, "uk")?.transfer).toBe(0);
  });
});

describe("dynadot", () => {
  it("is dated by its updated timestamp and reads float prices exactly", () => {
    expect(dynadot.snapshotDate).toBe("2026-01-01");
    expect(quote(dynadot, "com")).toMatchObject({ registration: 1088, renewal: 1088, transfer: 1088, currency: "USD" });
  });

  it("turns its Unicode IDN keys into punycode", () => {
    expect(quote(dynadot, "xn--p1acf")?.registration).toBe(1092); // .рус
    expect(dynadot.quotes.filter((q) => q.tld.startsWith("xn--"))).toHaveLength(39);
  });
});

describe("namecheap", () => {
  it("2025: takes the first-year sale price as a promo, the sale transfer price with its own flag, list price for renewal", () => {
    expect(namecheap.snapshotDate).toBe("2025-10-25");
    expect(quote(namecheap, "com")).toEqual({
      tld: "com", registration: 1128, renewal: 1848, transfer: 1148, currency: "USD", isPromo: true, regularRegistration: 1498, transferIsPromo: true,
    });
    expect(namecheap.quotes.filter((q) => q.isPromo)).toHaveLength(438);
    expect(namecheap.quotes.filter((q) => q.transferIsPromo)).toHaveLength(71);
  });

  it("2025: has no transfer price for 86 names", () => {
    expect(namecheap.quotes.filter((q) => q.transfer === null)).toHaveLength(86);
    expect(quote(namecheap, "de")?.transfer).toBeNull();
  });

  it("2023: Price below Regular is a promo, renewal from Renewal, no transfer", () => {
    expect(quote(namecheapOld, "com")).toEqual({
      tld: "com", registration: 958, renewal: 1458, transfer: null, currency: "USD", isPromo: true, regularRegistration: 1398, transferIsPromo: false,
    });
    expect(namecheapOld.quotes.filter((q) => q.isPromo)).toHaveLength(368);
    expect(namecheapOld.quotes.every((q) => q.transfer === null)).toBe(true);
  });
});

describe("openprovider", () => {
  it("quotes the non-member prices in USD at the meta date", () => {
    expect(openprovider.snapshotDate).toBe("2026-08-22");
    expect(quote(openprovider, "com")).toEqual({
      tld: "com", registration: 1198, renewal: 1698, transfer: 1198, currency: "USD", isPromo: false, regularRegistration: null, transferIsPromo: false,
    });
    expect(openprovider.quotes.some((q) => q.isPromo)).toBe(false);
    expect(quote(openprovider, "abc.br")?.transfer).toBe(0);
  });
});

describe("cloudflare", () => {
  it("json: charges a transfer as one renewal and keeps broken names for the seeder", () => {
    expect(quote(cloudflare, "com")).toMatchObject({ registration: 959, renewal: 959, transfer: 959 });
    expect(quote(cloudflare, "et.io")?.registration).toBe(4500);
    expect(cloudflare.quotes.every((q) => q.transfer === q.renewal)).toBe(true);
  });

  it("csv: reads registration and renewal from their own columns", () => {
    expect(quote(cloudflareCsv, "org")).toMatchObject({ registration: 732, renewal: 993, transfer: 993, isPromo: true, regularRegistration: 993 });
    expect(quote(cloudflareCsv, "net")?.registration).toBe(1166);
  });
});

describe("hover", () => {
  it("reads indexes 1-3 and the regular price of sale entries from index 4", () => {
    expect(quote(hover, "io")).toEqual({
      tld: "io", registration: 3499, renewal: 4999, transfer: 7999, currency: "USD", isPromo: true, regularRegistration: 4999, transferIsPromo: false,
    });
    expect(quote(hover, "co")).toMatchObject({ registration: 2799, isPromo: false });
    expect(quote(hover, "com.pl")).toMatchObject({ registration: 1999, renewal: 1999, transfer: 1499 });
  });
});

describe("easyname", () => {
  it("reads the PHP config in EUR at its lastPriceUpdate", () => {
    expect(easyname.snapshotDate).toBe("2018-11-13");
    expect(easyname.quotes.every((q) => q.currency === "EUR")).toBe(true);
    expect(quote(easyname, "ac")).toMatchObject({ registration: 6900, renewal: 6900, transfer: 6900 });
    expect(quote(easyname, "za.com")?.registration).toBe(5490);
  });

  it("skips entries without any price", () => {
    expect(skips(easyname, "no-price")).toBe(31);
    expect(easyname.skipped).toContainEqual({ name: "zuerich", reason: "no-price" });
  });
});

describe("route53 / dnsimple / google domains markdown", () => {
  it("uses the one price for all three actions", () => {
    expect(quote(dnsimple, "com")).toMatchObject({ registration: 1450, renewal: 1450, transfer: 1450 });
    expect(quote(route53, "ac")).toMatchObject({ registration: 7600, renewal: 7600, transfer: 7600 });
    expect(route53.snapshotDate).toBe("2022-09-28");
  });

  it("reads a starred price as renewal only", () => {
    expect(quote(route53, "audio")).toMatchObject({ registration: null, renewal: 1300, transfer: null });
    expect(quote(dnsimple, "audio")?.registration).toBe(16000);
    expect(route53.quotes.filter((q) => q.registration === null)).toHaveLength(13);
  });

  it("gives no quote for an empty cell and a malformed skip for a bare '$'", () => {
    expect(quote(route53, "accountant")).toBeUndefined();
    expect(quote(googledomains, "accountant")?.renewal).toBe(3000);
    expect(dnsimple.skipped).toEqual([{ name: ".jetzt", reason: "malformed" }]);
    expect(quote(googledomains, "jetzt")?.registration).toBe(2000);
  });
});

describe("bad rows never throw", () => {
  it("turns unreadable rows into malformed skips", () => {
    const raw = JSON.parse(read("porkbun.pricing-get.json"));
    raw.pricing["broken"] = { registration: "n/a", renewal: "1.00", transfer: "1.00" };
    raw.pricing["notanobject"] = 5;
    raw.pricing["no space"] = { registration: "1.00", renewal: "1.00", transfer: "1.00" };
    const snapshot = parsePorkbunPricing(JSON.stringify(raw), "2025-11-01");
    expect(snapshot.quotes).toHaveLength(621);
    expect(skips(snapshot, "malformed")).toBe(3);
  });

  it("skips a short CSV row and a name listed twice", () => {
    const csv = `${read("cloudflare.2024-04-08.csv")}\r\nshort,1\r\nCOM,1,1`;
    const snapshot = parseCloudflareCsv(csv, "2024-04-08");
    expect(snapshot.quotes).toHaveLength(346);
    expect(snapshot.skipped).toEqual([{ name: "short", reason: "malformed" }, { name: "COM", reason: "malformed" }]);
  });
});

describe("loadAllPriceSnapshots", () => {
  const all = loadAllPriceSnapshots(DATA_DIR);

  it("reads every file, oldest snapshot first", () => {
    expect(all).toHaveLength(13);
    const dates = all.map((s) => s.snapshotDate);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]).toBe("2018-11-13");
    expect(new Set(all.map((s) => s.providerKey))).toEqual(new Set([
      "porkbun", "dynadot", "namecheap", "openprovider", "cloudflare", "hover", "easyname", "route53", "dnsimple", "googledomains",
    ]));
  });

  it("dates the undated Porkbun file after the dated one", () => {
    expect(all.filter((s) => s.providerKey === "porkbun").map((s) => [s.snapshotDate, s.quotes.length])).toEqual([
      ["2025-03-22", 571], ["2025-11-01", 621],
    ]);
    expect(all.filter((s) => s.providerKey === "namecheap").map((s) => s.snapshotDate)).toEqual(["2023-08-28", "2025-10-25"]);
    expect(all.reduce((n, s) => n + s.quotes.length, 0)).toBe(8802);
  });

  it("reads an Openprovider sheet saved as its CSV export, dated by the file name, with the live source's reader", () => {
    const dir = mkdtempSync(join(tmpdir(), "prices-"));
    try {
      mkdirSync(join(dir, "prices"));
      writeFileSync(join(dir, "prices", "openprovider.2026-11-01.csv"),
        "Price list,,,,\r\nTLD,Years,Operation,Price,Supreme\r\ncom,1,create,10.46,\r\ncom,1,renew,12.46,\r\ncom,2,create,20.92,\r\n");
      expect(loadAllPriceSnapshots(dir)).toEqual([{
        providerKey: "openprovider", snapshotDate: "2026-11-01", skipped: [],
        quotes: [expect.objectContaining({ tld: "com", registration: 1046, renewal: 1246, transfer: null, currency: "USD" })],
      }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

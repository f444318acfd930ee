/**
 * The ECB's eurofxref-daily.xml on loopback, in its real shape, carrying the real rates of
 * 2025-05-09 from the bundled history (db/seed/data/rates).
 */
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "../../prices/testing/fake-behaviour.ts";

const [header = "", newest = ""] = readFileSync(
  new URL("../../../../../db/seed/data/rates/ecb-eurofxref-hist.2018-2025-05-09.csv", import.meta.url), "utf8",
).split(/\r?\n/);
const codes = header.split(",").slice(1);
const [date = "", ...values] = newest.split(",");

export const ECB_DATE = date;
export const ECB_DAILY_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${date}'>
${codes.flatMap((code, i) => (code && values[i] && values[i] !== "N/A" ? [`\t\t\t<Cube currency='${code}' rate='${values[i]}'/>`] : [])).join("\n")}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;

export function fakeEcb(behaviour: FakeBehaviour = "success"): { app: Hono; control: FakeControl } {
  const control = createControl(behaviour);
  const xml = (text: string) => new Response(text, { headers: { "content-type": "text/xml" } });
  const app = new Hono();
  app.get("/stats/eurofxref/eurofxref-daily.xml", (c) => respond(control, c, {
    contentType: "text/xml",
    successText: () => ECB_DAILY_XML,
    success: () => xml(ECB_DAILY_XML),
    malformed: () => xml(ECB_DAILY_XML.replace("rate='1.1252'", "rate='1,1252'")),
    // The ECB has no error format of its own; an outage shows as its 503 maintenance page.
    providerError: (c) => c.html("<html><body>Service temporarily unavailable</body></html>", 503),
  }));
  return { app, control };
}

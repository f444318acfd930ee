/**
 * The ECB's daily euro reference rates: GET {ECB_API_URL}/eurofxref-daily.xml, one
 * `<Cube time="YYYY-MM-DD">` holding a `<Cube currency="USD" rate="1.1252"/>` per currency
 * (units per euro). Published on business days around 16:00 CET; no key needed.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import { HttpError, httpRequest, type HttpErrorKind, type HttpOptions } from "../http.ts";

const SERVICE = "The ECB";

export class RateSourceError extends Error {
  constructor(readonly kind: HttpErrorKind | "malformed", message: string, readonly httpStatus?: number) {
    super(message);
    this.name = "RateSourceError";
  }
}

export interface DailyRates {
  date: string;
  /** Units of each currency per euro; EUR itself is 1. */
  rates: Record<string, number>;
}

const answerSchema = z.object({
  Envelope: z.object({
    Cube: z.object({
      Cube: z.object({
        "@_time": z.iso.date(),
        Cube: z.array(z.object({
          "@_currency": z.string().regex(/^[A-Z]{3}$/, "not a currency code"),
          "@_rate": z.string().regex(/^\d+(\.\d+)?$/, "not a rate").refine((r) => Number(r) > 0, "not a positive rate"),
        })).min(1),
      }),
    }),
  }),
});

const parser = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: "@_", removeNSPrefix: true, parseAttributeValue: false, parseTagValue: false,
  isArray: (_name, path) => path === "Envelope.Cube.Cube.Cube",
});

export function parseEcbDailyXml(text: string): DailyRates {
  const body = text.replace(/^\uFEFF/, "").trim();
  const opens = /^(<\?xml[^>]*\?>\s*)?<(\w+:)?Envelope[\s>]/.test(body);
  if (opens && !/<\/(\w+:)?Envelope>$/.test(body)) {
    throw new RateSourceError("incomplete", "The ECB's rates answer stops halfway; nothing was stored, try again later");
  }
  const parsed = opens && XMLValidator.validate(body) === true ? answerSchema.safeParse(parser.parse(body)) : null;
  if (!parsed?.success) {
    const issue = parsed?.error.issues[0];
    const detail = issue ? ` (${issue.path.map(String).join(".")}: ${issue.message})` : "";
    throw new RateSourceError("malformed", `The ECB answered with something other than its daily rates XML${detail}; nothing was stored`);
  }
  const day = parsed.data.Envelope.Cube.Cube;
  const rates: Record<string, number> = { EUR: 1 };
  for (const cube of day.Cube) rates[cube["@_currency"]] = Number(cube["@_rate"]);
  return { date: day["@_time"], rates };
}

export async function fetchEcbDailyRates(
  config: Pick<Config, "ECB_API_URL">, options: { signal?: AbortSignal; http?: HttpOptions } = {},
): Promise<DailyRates> {
  try {
    const response = await httpRequest({
      service: SERVICE, url: `${config.ECB_API_URL.replace(/\/+$/, "")}/eurofxref-daily.xml`, signal: options.signal, maxBytes: ANSWER_CAPS.ecbDaily,
    }, options.http);
    return parseEcbDailyXml(response.text);
  } catch (error) {
    if (error instanceof HttpError) throw new RateSourceError(error.kind, error.message, error.status);
    throw error;
  }
}

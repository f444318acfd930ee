/**
 * Lenient readers for registrar fields: APIs disagree on "1" vs 1 vs "yes", and on dates
 * (MM/DD/YYYY, epoch milliseconds, "YYYY-MM-DD HH:MM:SS", ISO instants). Anything unreadable
 * becomes null rather than a wrong value.
 */
import { z } from "zod";
import { RegistrarError } from "./registrar.ts";

const iso = (y: number, m: number, d: number): string | null => {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1985 || y > 2200) return null;
  return date.toISOString().slice(0, 10);
};

const fromEpoch = (n: number): string | null => {
  // Under 1e11 is seconds (1e11 s is the year 5138); registrars send seconds or milliseconds.
  const ms = n < 1e11 ? n * 1000 : n;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : iso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
};

/** A calendar date "YYYY-MM-DD" (the UTC day of an instant), or null. */
export function lenientDate(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? fromEpoch(value) : null;
  if (typeof value !== "string") return null;
  const v = value.trim();
  if (/^\d{9,14}$/.test(v)) return fromEpoch(Number(v));
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (m) return iso(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}:\d{2}(:\d{2}(\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/.exec(v);
  if (!m) return null;
  if (!m[7]) return iso(Number(m[1]), Number(m[2]), Number(m[3])); // no zone: the registrar's own day
  const at = Date.parse(v.replace(" ", "T"));
  return Number.isNaN(at) ? null : fromEpoch(at);
}

const TRUE = new Set(["1", "true", "yes", "y", "on", "enabled", "enable", "active", "locked"]);
const FALSE = new Set(["0", "false", "no", "n", "off", "disabled", "disable", "inactive", "unlocked", "none", "notpresent"]);

/** A flag field as the APIs send it, before lenientBool reads it. */
export const flagField = z.union([z.string(), z.number(), z.boolean()]).nullish();

export function lenientBool(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value === 1 ? true : value === 0 ? false : null;
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  return TRUE.has(v) ? true : FALSE.has(v) ? false : null;
}

/** Lower-case, no trailing dot; the portfolio's form of a domain name. */
export const normaliseName = (name: string) => name.trim().toLowerCase().replace(/\.$/, "");

/** Parses a JSON answer and checks its shape; a malformed answer fails the whole call. */
export function readJson<S extends z.ZodType>(registrar: string, text: string, schema: S, what: string): z.output<S> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RegistrarError(registrar, `${registrar} sent an answer that is not JSON while ${what}`, "malformed");
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (field ${issue.path.join(".")})` : "";
    throw new RegistrarError(registrar, `${registrar} sent an answer in an unexpected shape while ${what}${where}`, "malformed");
  }
  return parsed.data;
}

/** JSON if it parses, else undefined: error bodies are read for their message when there is one. */
export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Takes credentials out of text a third party wrote (a registrar's error message, which may echo
 * the request back) before it is stored, shown or logged. A credential travels in more forms
 * than its own: inside an `Authorization: Basic` pair (base64 of "user:key"), URL-encoded in a
 * query, escaped in JSON, as hex. Every such form of every secret, and of each "a:b" pair of
 * them, is replaced by "[redacted]"; overlapping matches are merged, so no piece of one is left.
 *
 * Base64 is found wherever the secret sits in the encoded text: for each of the three byte
 * alignments, the run of base64 characters that depends on the secret's bytes alone is matched.
 * A secret shorter than four characters is matched only as a whole token (not next to a letter
 * or digit), so "abc" is redacted in "key abc rejected" but "abcde" and "labcd" stay readable.
 */

export const REDACTED = "[redacted]";
const SHORT = 4;

const toBase64Url = (b64: string) => b64.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

/** The base64 characters that depend on `bytes` alone, when they follow `offset` other bytes. */
function alignedBase64(bytes: Buffer, offset: number): string {
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes, Buffer.alloc(2)]).toString("base64");
  const end = offset + bytes.length;
  let out = "";
  for (let i = 0; i < encoded.length; i++) {
    const group = Math.floor(i / 4) * 3;
    const bit = (i % 4) * 6;
    const first = group + Math.floor(bit / 8);
    const last = group + Math.floor((bit + 5) / 8);
    if (first >= offset && last < end) out += encoded[i];
  }
  return out;
}

const percentLower = (text: string) => text.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());

/** The forms a text takes in URLs and JSON: raw, URL-encoded (both hex cases, + for space), JSON-escaped (also with \/). */
function textForms(text: string): string[] {
  const url = encodeURIComponent(text);
  const json = JSON.stringify(text).slice(1, -1);
  return [text, url, percentLower(url), url.replaceAll("%20", "+"), json, json.replaceAll("/", "\\/")];
}

/**
 * Every form one secret travels in: its text forms, its hex, and its base64 (standard and
 * URL-safe, whole or at any alignment inside longer base64, and base64 of that) in their text forms.
 */
function encodedForms(secret: string): { long: string[]; token: string[] } {
  const bytes = Buffer.from(secret, "utf8");
  const hex = bytes.toString("hex");
  const wholeBase64 = bytes.toString("base64");
  const forms = [...textForms(secret), hex, hex.toUpperCase(), ...textForms(wholeBase64), toBase64Url(wholeBase64)];
  if (secret.length < SHORT) return { long: [], token: forms };
  // Its base64 inside longer base64, and that base64 encoded again (a whole Authorization header echoed as base64).
  for (const source of [bytes, Buffer.from(wholeBase64)]) {
    for (let offset = 0; offset < 3; offset++) {
      const b64 = alignedBase64(source, offset);
      forms.push(...textForms(b64), toBase64Url(b64));
    }
  }
  return { long: forms, token: [] };
}

const WORD = /[A-Za-z0-9]/;

/**
 * The text with every form of every secret (and, unless `pairs` is false, of every "a:b" pair of
 * two of them) replaced by [redacted].
 */
export function redactSecrets(text: string, secrets: readonly string[], { pairs: withPairs = true } = {}): string {
  const distinct = [...new Set(secrets.filter((s) => s.length > 0))];
  if (distinct.length === 0 || text.length === 0) return text;
  const pairs = withPairs ? distinct.flatMap((a) => distinct.filter((b) => b !== a).map((b) => `${a}:${b}`)) : [];
  const long = new Set<string>();
  const token = new Set<string>();
  for (const s of [...distinct, ...pairs]) {
    const forms = encodedForms(s);
    for (const f of forms.long) if (f.length > 0) long.add(f);
    for (const f of forms.token) if (f.length > 0) token.add(f);
  }
  const ranges: [number, number][] = [];
  for (const form of long) {
    for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) ranges.push([at, at + form.length]);
  }
  for (const form of token) {
    for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
      const before = text[at - 1];
      const after = text[at + form.length];
      if ((before === undefined || !WORD.test(before)) && (after === undefined || !WORD.test(after))) ranges.push([at, at + form.length]);
    }
  }
  if (ranges.length === 0) return text;
  ranges.sort((x, y) => x[0] - y[0]);
  let out = "";
  let cursor = 0;
  let [start, end] = ranges[0]!;
  for (const [s, e] of ranges.slice(1)) {
    if (s <= end) {
      end = Math.max(end, e);
      continue;
    }
    out += text.slice(cursor, start) + REDACTED;
    cursor = end;
    [start, end] = [s, e];
  }
  return out + text.slice(cursor, start) + REDACTED + text.slice(end);
}

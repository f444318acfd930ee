/**
 * Internationalised names as people type them (UTS #46 processing, non-transitional): "Müller"
 * becomes "xn--mller-kva", "ＥＸＡＭＰＬＥ" becomes "example", "faß" keeps its ß. The mapping is
 * the WHATWG URL host parser's, the one `node:url`'s domainToASCII runs in Node and every
 * browser runs for its address bar, so the form and the server read a name the same way with
 * no IDNA tables in the bundle; the server's answer is the one stored. What the parser lets
 * through that a registry would refuse (a label mixing right-to-left and left-to-right letters)
 * is refused here, naming the characters.
 */
import punycode from "punycode/punycode.js";

/** Full stops UTS #46 treats as the label separator: "." and its ideographic and full-width forms. */
export const LABEL_SEPARATORS = /[.\u3002\uFF0E\uFF61]/;
// eslint-disable-next-line no-control-regex -- "any non-ASCII character": the range starts at NUL
const NON_ASCII = /[^\x00-\x7f]/;
const ASCII_LABEL_CHAR = /^[A-Za-z0-9-]$/;
const U_LABEL_CHAR = /^[\p{L}\p{M}\p{N}-]$/u;

export const hasNonAscii = (text: string) => NON_ASCII.test(text);

/**
 * One label mapped and encoded (UTS #46 ToASCII), or null when it holds a code point UTS #46
 * disallows. A suffix label keeps the URL parser from reading a numeric label as an IPv4 part.
 */
export function labelToAscii(label: string): string | null {
  if (label === "" || /[\s/?#@:%\\[\]<>^|"'`{}]/.test(label)) return null;
  try {
    const host = new URL(`http://${label}.x/`).hostname;
    return host.endsWith(".x") ? host.slice(0, -2) : null;
  } catch {
    return null;
  }
}

/** "U+00DF" */
export const codePointName = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** The character as the message shows it: itself in quotes when it is visible, and its code point. */
function shownChar(char: string): string {
  const invisible = /^[\p{C}\p{Z}\p{M}]$/u.test(char);
  return invisible ? codePointName(char) : `"${char}" (${codePointName(char)})`;
}

/** Whether a character can stand in some label at all (alone, between letters, or between Hebrew letters). */
function charAllowed(char: string): boolean {
  return [char, `a${char}a`, `\u05D0${char}\u05D0`].some((probe) => labelToAscii(probe) !== null);
}

// Scripts written right to left (RFC 5893 "R" and "AL" letters, and Arabic-Indic digits, "AN").
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Yezidi}]/u;
const LTR_LETTER = /[\p{L}]/u;

/**
 * RFC 5893's rules 2 and 5 in words: a label is written one way. Returns the two characters
 * that pull it in opposite directions, or null.
 */
function mixedDirections(ulabel: string): [string, string] | null {
  const chars = [...ulabel];
  const rtl = chars.find((c) => RTL.test(c));
  if (rtl === undefined) return null;
  const ltr = chars.find((c) => LTR_LETTER.test(c) && !RTL.test(c));
  return ltr === undefined ? null : [rtl, ltr];
}

export type LabelMapping = { ok: true; ascii: string } | { ok: false; message: string };

/**
 * One label as typed (may hold Unicode) to its A-label, or the reason it cannot be one. ASCII
 * labels are only lower-cased; their rules are domain-name.ts's.
 */
export function mapLabel(label: string, what: (label: string) => string): LabelMapping {
  if (!hasNonAscii(label)) return { ok: true, ascii: label.toLowerCase() };
  for (const char of label) {
    if (!hasNonAscii(char)) {
      if (!ASCII_LABEL_CHAR.test(char)) return { ok: false, message: `${what(label)} contains invalid characters. Only letters, numbers, and hyphens are allowed` };
      continue;
    }
    if (!charAllowed(char)) return { ok: false, message: `${what(label)} contains ${shownChar(char)}, which is not allowed in a domain name` };
  }
  const ascii = labelToAscii(label);
  if (ascii === null) {
    const first = [...label][0]!;
    if (/\p{M}/u.test(first)) return { ok: false, message: `${what(label)} starts with a combining mark (${codePointName(first)}), which must follow a letter` };
    const mixed = mixedDirections(label.normalize("NFC"));
    if (mixed) return { ok: false, message: mixedMessage(what(label), mixed) };
    return { ok: false, message: `${what(label)} is not a valid internationalised name` };
  }
  if (ascii.includes(".")) return { ok: false, message: `${what(label)} contains a character that stands for a dot` };
  const unicode = toUnicodeLabel(ascii);
  // UTS #46 maps symbols such as "❤" to punycode; IDNA 2008, which registries apply, admits only letters, marks and digits.
  const symbol = [...unicode].find((c) => !U_LABEL_CHAR.test(c));
  if (symbol !== undefined) return { ok: false, message: `${what(label)} contains ${shownChar(symbol)}, which is not allowed in a domain name` };
  const mixed = mixedDirections(unicode);
  if (mixed) return { ok: false, message: mixedMessage(what(label), mixed) };
  return { ok: true, ascii };
}

const mixedMessage = (part: string, [rtl, ltr]: [string, string]) =>
  `${part} mixes right-to-left (${shownChar(rtl)}) and left-to-right (${shownChar(ltr)}) letters, which one part of a domain name cannot do`;

/** An A-label as people read it ("xn--mller-kva" → "müller"); anything that does not decode stays as it is. */
export function toUnicodeLabel(label: string): string {
  if (!label.startsWith("xn--")) return label;
  try {
    return punycode.decode(label.slice(4));
  } catch {
    return label;
  }
}

/** A stored (ASCII) name as people read it: "xn--mller-kva.de" → "müller.de". */
export const toUnicodeName = (ascii: string) => ascii.split(".").map(toUnicodeLabel).join(".");

/** The readable form when it differs from the stored one, else null (how the API names an IDN). */
export const unicodeFormOf = (ascii: string): string | null => {
  const unicode = toUnicodeName(ascii);
  return unicode === ascii ? null : unicode;
};

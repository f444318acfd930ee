/**
 * Text a user writes that ends up in mail (a subject line, a header, a line of a message) or is
 * shown as one line (a name, a label) must be one line of printable characters: a line break
 * could start a header of its own in a mail ("Bcc: …") or a line of a message that is not ours,
 * and a direction override could make a name read as something else.
 */
import { z } from "zod";

/**
 * C0 and C1 control characters (CR, LF, tab, NUL, ESC…), DEL, Unicode's line and paragraph
 * separators, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this expression's purpose
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/** "The label cannot contain line breaks or other control characters". */
export const noControlCharactersMessage = (what: string) => `${what} cannot contain line breaks or other control characters`;

/**
 * The check of a one-line text field (a name, a label, a subject): no control characters, with a
 * message naming the field. `z.string().trim().check(oneLine("First name")).max(…)`.
 */
export const oneLine = (what: string) => z.refine<string>(hasNoControlCharacters, noControlCharactersMessage(what));

/**
 * Text a user writes that ends up in mail (a subject line, a header, a line of a message) must be
 * one line of printable characters: a line break could start a header of its own in a mail
 * ("Bcc: …") or a line of a message that is not ours.
 */

/** C0 and C1 control characters (CR, LF, tab, NUL, ESC…), DEL, and Unicode's line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is this expression's purpose
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/** "The label cannot contain line breaks or other control characters". */
export const noControlCharactersMessage = (what: string) => `${what} cannot contain line breaks or other control characters`;

/**
 * Converts a price as found in a source file into integer minor units (hundredths).
 *
 * Sources give prices as JSON numbers (10.88), strings with thousands separators
 * ("2,060.25") or markdown cells ("$76"). A binary float cannot hold most cent values
 * exactly, so 10.88 * 100 is not guaranteed to be 1088. We therefore never do arithmetic
 * on the float: we take its decimal spelling and move the decimal point in the string,
 * calling Number() only on a digit string that is already an integer.
 */

// Commas are accepted only as proper thousands grouping: "10,88" could be a European
// decimal comma, and guessing would silently turn 10.88 into 1,088.00.
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const PLAIN = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
// Only a leading symbol is stripped; codes like "USD" belong in the currency field.
const CURRENCY_SYMBOL = /^[$€£]\s*/;

/**
 * Integer hundredths, or null for null, empty, non-numeric or negative input. Zero stays
 * zero (deciding that 0 means "not offered" is the seeder's call). More than two decimals
 * are rounded half up on the digits, so a float artefact such as 10.880000000000001 is
 * still 1088.
 */
export function toMinorUnits(value: unknown): number | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    // String() gives the shortest spelling that round-trips, i.e. what the source wrote.
    // Exponent forms (1e21, 5e-7) fail PLAIN below: neither is a plausible price.
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim().replace(CURRENCY_SYMBOL, "");
  } else {
    return null;
  }
  if (GROUPED.test(text)) text = text.replace(/,/g, "");
  // A minus sign never matches, so negative amounts are rejected here.
  if (!PLAIN.test(text)) return null;

  const [whole = "", fraction = ""] = text.split(".");
  const cents = fraction.padEnd(2, "0").slice(0, 2);
  const roundUp = (fraction[2] ?? "0") >= "5";
  const minor = Number((whole || "0") + cents) + (roundUp ? 1 : 0);
  return Number.isSafeInteger(minor) ? minor : null;
}

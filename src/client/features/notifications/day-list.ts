/**
 * Reminder days as a person types them, "90, 30, 7" or "14 3 1", and as the shared schemas read
 * them: whole numbers become numbers (negative ones too, so the schema can say a reminder cannot
 * come after the date); anything else stays as typed, for the schema to name.
 */
export const dayListOf = (text: string): (number | string)[] =>
  text.split(/[\s,]+/).filter(Boolean).map((part) => (/^-?\d+$/.test(part) ? Number(part) : part));

/** Saved days back into the field: "14, 3, 1". */
export const dayListText = (days: readonly number[]): string => days.join(", ");

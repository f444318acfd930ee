/**
 * A public incident in a visitor's words (docs/decisions/029), as the status page, its feed and
 * the `status_incident` messages show it. An administrator writes a hand-raised one for readers
 * and it is shown as written; a failing source's alert text carries the last error for
 * operators, so it is worded anew here, and the error stays in the admin area.
 */
export interface PublicIncidentFacts {
  title: string;
  description: string;
  /** The opening rule's condition; null for an incident raised by hand. */
  condition: string | null;
  /** The provider an alert is about; null when unknown. */
  providerName: string | null;
  resolved: boolean;
}

export function publicIncidentWords(i: PublicIncidentFacts): { title: string; description: string } {
  if (i.condition === null) return { title: i.title, description: i.description };
  const source = i.providerName ?? "A price source";
  const possessive = i.providerName ? `${i.providerName}'s` : "a source's";
  return {
    title: `${source} prices are not updating`,
    description: i.resolved
      ? `Fetching ${possessive} prices failed several times in a row; updates have resumed.`
      : `Fetching ${possessive} prices has failed several times in a row. Its prices here are from its last successful update and may be out of date.`,
  };
}

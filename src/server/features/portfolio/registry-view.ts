/**
 * What the owner is told about an entry's registry record: each date with where it came from,
 * whether the typed and the registry's dates disagree, which date reminders and expiry views
 * use (the registry's, unless the owner chose theirs, or it came over WHOIS against a registrar
 * account's date), the statuses that need action, and when a failed check is tried again.
 */
import type { UserDomainRow } from "../../../../db/repositories/user-domain-repository.ts";
import { registryFailureInWords } from "./registry-failure-words.ts";

/** Where a shown date came from: the registry over RDAP, the linked registrar account's sync, or the owner. */
export type DateSource = "registry" | "registrar_account" | "typed";

export interface ShownDate {
  /** The date reminders and expiry views use; null when neither side has one. */
  date: string | null;
  source: DateSource | null;
  /** How the registry's date was read: WHOIS text counts for less than RDAP; null without a registry date. */
  registryProtocol: "rdap" | "whois" | null;
  /** The date shown is the registry's, read over WHOIS (lower confidence). */
  lowerConfidence: boolean;
  typed: string | null;
  typedSource: Exclude<DateSource, "registry">;
  registry: string | null;
  /** Both sides have a date and they differ. */
  disagree: boolean;
  /** Set when they disagree: what each side says and which one counts, in plain words. */
  note: string | null;
}

export interface StatusFlag {
  code: "expired" | "redemptionPeriod" | "pendingDelete" | "clientHold" | "serverHold";
  message: string;
}

const HOLD = "The domain is on hold: it does not resolve until the hold is lifted";
const FLAG_MESSAGES: Record<Exclude<StatusFlag["code"], "expired">, string> = {
  redemptionPeriod: "In its redemption period: the registration lapsed and can still be restored, at a fee, before the registry deletes it",
  pendingDelete: "Pending delete: the registry will delete it within days, and it can no longer be restored",
  clientHold: `${HOLD} (set by the registrar)`,
  serverHold: `${HOLD} (set by the registry)`,
};

const typedSourceOf = (row: UserDomainRow): ShownDate["typedSource"] =>
  row.source === "sync" || row.registrarAccount !== null ? "registrar_account" : "typed";

function shownDate(
  typed: string | null, registry: string | null, typedSource: ShownDate["typedSource"], ownDates: boolean, what: string,
  protocol: "rdap" | "whois" | null,
): ShownDate {
  const disagree = typed !== null && registry !== null && typed !== registry;
  // A WHOIS date never overrides one a registrar account reported.
  const accountWins = protocol === "whois" && typedSource === "registrar_account" && typed !== null;
  const useTyped = registry === null || (ownDates && typed !== null) || accountWins;
  const theirs = typedSource === "typed" ? "you entered" : "the registrar account says";
  const registrySays = protocol === "whois" ? `The registry's WHOIS gives the ${what} date as ${registry}` : `The registry's ${what} date is ${registry}`;
  const which = ownDates ? "Reminders use yours, as you chose." : accountWins ? "Reminders use the registrar account's: a WHOIS date never overrides it." : "Reminders use the registry's.";
  return {
    date: useTyped ? typed : registry,
    source: useTyped ? (typed === null ? null : typedSource) : "registry",
    registryProtocol: registry === null ? null : protocol,
    lowerConfidence: !useTyped && protocol === "whois",
    typed, typedSource, registry, disagree,
    note: disagree ? `${registrySays}; ${theirs} ${typed}. ${which}` : null,
  };
}

/** "2026-11-26 10:05 UTC" */
const minuteOf = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

function outcomeMessage(row: UserDomainRow): string | null {
  const record = row.registry;
  const tld = `.${row.tld.unicodeName ?? row.tld.name}`;
  const entered = row.expirationDate === null ? "enter the expiry date yourself to have it counted" : "the expiry shown is the one entered";
  switch (record?.outcome ?? "pending") {
    case "pending":
      return record?.checkRequestedAt ? "A registry check is on its way" : "Not checked with the registry yet";
    case "not_found": return "The registry does not hold this name: it is not registered, or it was deleted";
    case "no_service":
      return record?.protocol === "whois"
        ? `The ${tld} registry offers no RDAP service and IANA lists no WHOIS server for it, so its dates cannot be checked here; the dates shown are the ones entered`
        : `The ${tld} registry offers no RDAP service, so its dates cannot be checked here; the dates shown are the ones entered`;
    case "error":
      return `The last registry check failed: ${registryFailureInWords(record?.errorReason ?? null, record?.protocol ?? null, tld)}. Next try: ${minuteOf(record!.nextCheckAt)}`;
    default:
      // A registry that answers without an expiry says so: an RDAP answer with no expiration event
      // is the registry's choice (DENIC publishes none); a WHOIS answer may just not show one.
      if (record?.expirationDate === null) {
        return record.protocol === "whois"
          ? `The ${tld} registry's WHOIS answer gives no expiry date, so ${entered}`
          : `The ${tld} registry does not publish an expiry date, so ${entered}`;
      }
      return null;
  }
}

/**
 * The entry's dates and registry block. `today` is "YYYY-MM-DD" (UTC); `worthMoving`: a cheaper
 * renewal elsewhere exists, so the transfer lock matters.
 */
export function registryView(row: UserDomainRow, today: string, worthMoving: boolean) {
  // What the last good answer said stands through a failed lookup (outcome error); a name the
  // registry does not hold, or a renamed entry, has no registry values left (registry-record-repository.ts).
  const record = row.registry;
  const ownDates = record?.ownDatesOverride ?? false;
  const typedSource = typedSourceOf(row);
  const protocol = record ? record.protocol : null;
  const expiration = shownDate(row.expirationDate, record?.expirationDate ?? null, typedSource, ownDates, "expiration", protocol);
  const registration = shownDate(row.registrationDate, record?.registrationDate ?? null, typedSource, ownDates, "registration", protocol);
  const statuses = record?.statuses ?? [];
  const flags: StatusFlag[] = [];
  if (expiration.date !== null && expiration.date < today && record?.outcome !== "not_found") {
    flags.push({ code: "expired", message: `Expired on ${expiration.date}` });
  }
  for (const code of ["redemptionPeriod", "pendingDelete", "clientHold", "serverHold"] as const) {
    if (statuses.includes(code)) flags.push({ code, message: FLAG_MESSAGES[code] });
  }
  const locked = statuses.length > 0 ? statuses.includes("clientTransferProhibited") : null;
  return {
    /** The expiry reminders, the expiring panel and the calendar use. */
    effectiveExpirationDate: expiration.date,
    dates: {
      expiration, registration,
      lastChanged: { date: record?.lastChangedDate ?? null, source: record?.lastChangedDate ? ("registry" as const) : null },
      /** The owner chose the typed dates over the registry's. */
      useOwnDates: ownDates,
    },
    registry: {
      outcome: record?.outcome ?? "pending",
      /** How the last answer was read: "rdap", or "whois" (port 43) for a TLD without RDAP; null before any answer. */
      protocol: record && record.outcome !== "pending" ? record.protocol : null,
      /** Plain words for anything but a good, complete answer; null when the registry answered with an expiry date. */
      message: outcomeMessage(row),
      checkedAt: record?.checkedAt?.toISOString() ?? null,
      /** When it is looked up next (after a failure: the next try, 5 minutes to a day later). */
      nextCheckAt: record?.nextCheckAt.toISOString() ?? null,
      /** Failed lookups in a row. */
      failures: record?.failures ?? 0,
      /** The owner asked for a check that has not been made yet (check now, or a renamed entry). */
      checkRequestedAt: record?.checkRequestedAt?.toISOString() ?? null,
      statuses,
      nameservers: record?.nameservers ?? [],
      registrar: record?.registrar ?? null,
      flags,
      transferLock: {
        /** clientTransferProhibited: the owner must unlock it at the registrar before a transfer; null when unknown. */
        locked,
        worthMoving,
        message: locked && worthMoving ? "Transfer-locked at the registrar: unlock it there before moving it to the cheaper registrar" : null,
      },
    },
  };
}

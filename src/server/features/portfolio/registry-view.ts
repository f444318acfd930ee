/**
 * What the owner is told about an entry's registry record: each date with where it came from,
 * whether the typed and the registry's dates disagree, which date reminders and expiry views
 * use (the registry's, unless the owner chose theirs), and the statuses that need action.
 */
import type { RegistryRecordRow } from "../../../../db/repositories/registry-record-repository.ts";
import type { UserDomainRow } from "../../../../db/repositories/user-domain-repository.ts";

/** Where a shown date came from: the registry over RDAP, the linked registrar account's sync, or the owner. */
export type DateSource = "registry" | "registrar_account" | "typed";

export interface ShownDate {
  /** The date reminders and expiry views use; null when neither side has one. */
  date: string | null;
  source: DateSource | null;
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

function shownDate(typed: string | null, registry: string | null, typedSource: ShownDate["typedSource"], ownDates: boolean, what: string): ShownDate {
  const disagree = typed !== null && registry !== null && typed !== registry;
  const useTyped = registry === null || (ownDates && typed !== null);
  const theirs = typedSource === "typed" ? "you entered" : "the registrar account says";
  return {
    date: useTyped ? typed : registry,
    source: useTyped ? (typed === null ? null : typedSource) : "registry",
    typed, typedSource, registry, disagree,
    note: disagree
      ? `The registry's ${what} date is ${registry}; ${theirs} ${typed}. ${ownDates ? "Reminders use yours, as you chose." : "Reminders use the registry's."}`
      : null,
  };
}

function outcomeMessage(row: UserDomainRow): string | null {
  const record = row.registry;
  const tld = `.${row.tld.name}`;
  switch (record?.outcome ?? "pending") {
    case "pending": return "Not checked with the registry yet";
    case "not_found": return "The registry does not hold this name: it is not registered, or it was deleted";
    case "no_service": return `The ${tld} registry offers no RDAP service, so its dates cannot be checked here; the dates shown are the ones entered`;
    case "error": return `The last registry check failed: ${record?.errorReason ?? "no reason given"}. It is tried again later`;
    default: return null;
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
  const expiration = shownDate(row.expirationDate, record?.expirationDate ?? null, typedSource, ownDates, "expiration");
  const registration = shownDate(row.registrationDate, record?.registrationDate ?? null, typedSource, ownDates, "registration");
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
      /** Plain words for anything but a good answer; null when the registry answered. */
      message: outcomeMessage(row),
      checkedAt: record?.checkedAt?.toISOString() ?? null,
      nextCheckAt: record?.nextCheckAt.toISOString() ?? null,
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

/** The expiry date reminders and expiry views use: the registry's unless the owner chose theirs, or the registry gave none. */
export function expiryForReminders(
  row: Pick<UserDomainRow, "expirationDate"> & { registry: Pick<RegistryRecordRow, "outcome" | "expirationDate" | "ownDatesOverride"> | null },
): string | null {
  const record = row.registry;
  const registry = record?.expirationDate ?? null;
  if (registry === null || (record?.ownDatesOverride && row.expirationDate !== null)) return row.expirationDate;
  return registry;
}

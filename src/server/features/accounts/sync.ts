/**
 * One account sync, the job's body: list every domain at the registrar, then apply them to the
 * owner's portfolio in one transaction. Any failure (registrar fault, unreadable credentials)
 * leaves the portfolio as it was, marks the account "error" with a readable message, and
 * rethrows so the job ends failed. A disabled or deleted account is skipped. A sync whose new
 * domains would take the portfolio past PORTFOLIO_MAX_DOMAINS stores nothing (the domains the
 * portfolio already holds are not refreshed either) and fails the same way, its message naming
 * the limit and how many more fit. Only a sync that read the whole listing reaches the merge, so
 * only a successful one marks entries the account no longer lists (sync-merge.ts).
 */
import { listTldsByNames } from "../../../../db/repositories/tld-repository.ts";
import { recordSyncFailure, type SyncLog } from "../../../../db/repositories/registrar-account-repository.ts";
import { applySyncedDomains, type PortfolioEntry, type SyncedDomainValues } from "../../../../db/repositories/synced-domain-repository.ts";
import { candidateSuffixes, splitDomain, validateDomainName } from "../../../shared/domain-name.ts";
import { RegistrarError, type RegistrarDomain } from "../../integrations/registrars/registrar.ts";
import { CredentialKeyError } from "../../lib/credential-cipher.ts";
import { PortfolioLimitError, syncLimitMessage } from "../../domain/portfolio-limit.ts";
import { redactSecrets } from "../../lib/redact.ts";
import type { AccountSyncEvent, SyncDeps } from "./deps.ts";
import { mergeSyncedDomains } from "./sync-merge.ts";
import { openAccount } from "./service.ts";

export type SyncOutcome = { status: "synced"; log: SyncLog } | { status: "skipped"; reason: "missing" | "disabled" };

/**
 * Catalogue ids (TLD or second-level suffix) for the listed names; names that are not valid or
 * whose TLD is unknown are skipped. `unstored`: the valid names skipped, still in the account.
 */
async function toPortfolioRows(
  deps: SyncDeps, listed: RegistrarDomain[],
): Promise<{ rows: SyncedDomainValues[]; skipped: number; unstored: string[] }> {
  const unique = new Map<string, RegistrarDomain>();
  for (const d of listed) {
    const check = validateDomainName(d.name);
    if (check.valid) unique.set(check.domain, { ...d, name: check.domain });
  }
  const tlds = await listTldsByNames(deps.db, [...new Set([...unique.keys()].flatMap(candidateSuffixes))]);
  const tldId = new Map(tlds.map((t) => [t.name, t.id]));
  const rows: SyncedDomainValues[] = [];
  const unstored: string[] = [];
  for (const d of unique.values()) {
    // example.co.uk belongs to co.uk when the catalogue has it, else to uk.
    const suffix = splitDomain(d.name, (name) => tldId.has(name))?.suffix;
    const id = suffix === undefined ? undefined : tldId.get(suffix);
    if (id === undefined) {
      unstored.push(d.name);
      continue;
    }
    rows.push({
      domainName: d.name, tldId: id, registrationDate: d.registrationDate, expirationDate: d.expirationDate,
      autoRenew: d.autoRenew, isLocked: d.isLocked, privacyEnabled: d.privacyEnabled,
    });
  }
  return { rows, skipped: listed.length - rows.length, unstored };
}

/** An unexpected error as it may be logged and kept: its name, message and stack, credentials taken out. */
function redactedError(error: unknown, secrets: string[]): Error {
  const copy = new Error(redactSecrets(error instanceof Error ? error.message : String(error), secrets));
  if (error instanceof Error) {
    copy.name = error.name;
    copy.stack = error.stack === undefined ? undefined : redactSecrets(error.stack, secrets);
  }
  return copy;
}

/** Hands the event on; a failure to plan a message is logged and does not change the sync's outcome. */
async function tell(deps: SyncDeps, event: AccountSyncEvent): Promise<void> {
  if (!deps.onSyncEvent) return;
  try {
    await deps.onSyncEvent(event);
  } catch (error) {
    deps.log.error({ err: error, accountId: event.accountId, event: event.type }, "registrar account event not handled");
  }
}

export async function syncRegistrarAccount(deps: SyncDeps, accountId: number, signal?: AbortSignal): Promise<SyncOutcome> {
  const startedAt = Date.now();
  let secrets: string[] = [];
  let found = 0;
  try {
    const opened = await openAccount({ ...deps, http: { ...deps.http, signal } }, accountId);
    if (!opened) return { status: "skipped", reason: "missing" };
    if (!opened.row.isActive) return { status: "skipped", reason: "disabled" };
    secrets = [opened.credentials.apiKey, opened.credentials.secretKey];
    const lastSyncAt = opened.row.lastSyncAt;
    const failedBefore = typeof opened.row.lastSyncLog?.error === "string";
    const listed = await opened.adapter.listDomains();
    found = listed.length;
    const { rows, skipped, unstored } = await toPortfolioRows(deps, listed);
    const target = { accountId, userId: opened.row.userId, serviceProviderId: opened.row.serviceProviderId };
    const max = deps.config.PORTFOLIO_MAX_DOMAINS;
    // Checked on the portfolio the transaction reads: a throw here rolls the whole sync back.
    const mergeWithinLimit = (existing: PortfolioEntry[], now: Date) => {
      const merge = mergeSyncedDomains(target, rows, existing, now, unstored);
      if (existing.length + merge.newDomains > max) throw new PortfolioLimitError(syncLimitMessage(existing.length, merge.newDomains, max));
      return merge;
    };
    const log = await applySyncedDomains(deps.db, target, mergeWithinLimit, { domainsFound: found, skippedDomains: skipped }, startedAt);
    deps.log.info({ accountId, ...log }, "registrar account synced");
    if (failedBefore) await tell(deps, { type: "recovered", accountId, lastSyncAt });
    return { status: "synced", log };
  } catch (error) {
    const known = error instanceof RegistrarError || error instanceof CredentialKeyError || error instanceof PortfolioLimitError;
    const message = known ? redactSecrets((error as Error).message, secrets) : "The sync failed unexpectedly; try again later";
    const log: SyncLog = { domainsFound: found, newDomains: 0, updatedDomains: 0, durationMs: Date.now() - startedAt, error: message };
    await recordSyncFailure(deps.db, accountId, log);
    await tell(deps, { type: "failed", accountId, error: message });
    const thrown = known ? new Error(message) : redactedError(error, secrets);
    if (!known) deps.log.error({ err: thrown, accountId }, "registrar account sync failed");
    else deps.log.warn({ accountId, error: message, code: error instanceof RegistrarError ? error.code : undefined }, "registrar account sync failed");
    // The job queue logs (and pg-boss keeps) what a job throws, so it carries no credential either.
    throw thrown;
  }
}

/**
 * Registrar account rules: accounts belong to one user (another user's id is "not found"),
 * only the registrars with an adapter and an active provider can be connected, credentials
 * are stored encrypted and never answered, and a sync runs as a job, one per account at a time.
 */
import {
  deleteRegistrarAccount, findRegistrarAccount, findRegistrarAccountSecret, insertRegistrarAccountWithinLimit, listProvidersBySlugs,
  listRegistrarAccounts, recordConnectionTest,
} from "../../../../db/repositories/registrar-account-repository.ts";
import {
  isRegistrarSlug, REGISTRAR_SLUGS, SYNC_QUEUED_MESSAGE, type RegistrarAccountCreateInput,
} from "../../../shared/schemas/registrar-account.ts";
import { RegistrarError, type RegistrarCredentials } from "../../integrations/registrars/registrar.ts";
import { createRegistrarAdapter } from "../../integrations/registrars/registry.ts";
import { CredentialKeyError } from "../../lib/credential-cipher.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { redactSecrets } from "../../lib/redact.ts";
import { sendOptionsOf } from "../../domain/job-catalogue.ts";
import { SYNC_QUEUE, syncSingletonKey, type AccountDeps, type SyncDeps, type SyncJobData } from "./deps.ts";
import { connectionTestMessage } from "./connection-test-message.ts";
import { toAccountItem, type AccountItem } from "./item.ts";

const ACCOUNT_NOT_FOUND = "Account not found";
/** Registrar accounts one user may connect: keeps their list and their daily syncs bounded. */
export const MAX_REGISTRAR_ACCOUNTS_PER_USER = 25;

const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

export async function listAccounts(deps: Pick<AccountDeps, "db">, userId: number): Promise<AccountItem[]> {
  return (await listRegistrarAccounts(deps.db, userId)).map(toAccountItem);
}

export async function getAccount(deps: Pick<AccountDeps, "db">, userId: number, id: number): Promise<AccountItem> {
  const row = await findRegistrarAccount(deps.db, userId, id);
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return toAccountItem(row);
}

/** The providers the Add Account dialog offers: active, and with an adapter. */
export async function listConnectableProviders(deps: Pick<AccountDeps, "db">) {
  const rows = await listProvidersBySlugs(deps.db, REGISTRAR_SLUGS);
  return rows.filter((p) => p.isActive).map(({ isActive: _, ...p }) => p);
}

export async function createAccount(deps: AccountDeps, userId: number, input: RegistrarAccountCreateInput): Promise<AccountItem> {
  const providers = await listProvidersBySlugs(deps.db, REGISTRAR_SLUGS);
  const provider = providers.find((p) => p.id === input.serviceProviderId);
  if (!provider || !isRegistrarSlug(provider.slug)) throw fieldError("serviceProviderId", "Please select a provider");
  if (!provider.isActive) throw fieldError("serviceProviderId", `${provider.displayName} accounts cannot be connected at the moment`);
  const credentials: RegistrarCredentials = { apiKey: input.credentials.apiKey, secretKey: input.credentials.secretKey };
  const { ciphertext, keyId } = deps.cipher.encrypt(credentials);
  const id = await insertRegistrarAccountWithinLimit(deps.db, {
    userId, serviceProviderId: provider.id, label: input.label, authType: input.authType, isActive: input.isActive,
    credentialsEncrypted: ciphertext, credentialsKeyId: keyId,
  }, MAX_REGISTRAR_ACCOUNTS_PER_USER);
  if (id === null) {
    throw conflict(`You already have ${MAX_REGISTRAR_ACCOUNTS_PER_USER} registrar accounts connected, the most one account may hold. Remove one you no longer use to connect another.`);
  }
  return getAccount(deps, userId, id);
}

/** The stored credentials of the user's account, decrypted for one registrar call. */
export async function openAccount(deps: SyncDeps, id: number, userId?: number) {
  const row = await findRegistrarAccountSecret(deps.db, id);
  if (!row || (userId !== undefined && row.userId !== userId)) return null;
  if (!isRegistrarSlug(row.slug)) throw new AppError(422, "This provider's API is not supported");
  const credentials = deps.cipher.decrypt<RegistrarCredentials>(row.credentialsEncrypted, row.credentialsKeyId);
  const adapter = createRegistrarAdapter(row.slug, deps.config, credentials, deps.http);
  return { row, credentials, adapter };
}

/**
 * { success, message }: the registrar's answer, or a sentence naming the registrar that says why
 * it failed (connection-test-message.ts); a refusal is an answer, not an error. Only syncs tell
 * the owner by message (docs/decisions/036, account_trouble): the test is answered on the page.
 */
export async function testAccountConnection(deps: AccountDeps, userId: number, id: number): Promise<{ success: boolean; message: string }> {
  let opened;
  try {
    opened = await openAccount(deps, id, userId);
  } catch (error) {
    if (error instanceof CredentialKeyError) return { success: false, message: error.message };
    throw error;
  }
  if (!opened) throw notFound(ACCOUNT_NOT_FOUND);
  const secrets = [opened.credentials.apiKey, opened.credentials.secretKey];
  try {
    const { message } = await opened.adapter.testConnection();
    await recordConnectionTest(deps.db, id, null);
    return { success: true, message: redactSecrets(message, secrets) };
  } catch (error) {
    if (!(error instanceof RegistrarError)) throw error;
    const message = redactSecrets(connectionTestMessage(error), secrets);
    await recordConnectionTest(deps.db, id, message);
    return { success: false, message };
  }
}

/**
 * Where a sync this account queued stands: "queued", "running", or "finished" once it ended (or
 * the queue no longer knows it), so the page can poll until then and show the outcome.
 */
export async function getSyncState(deps: AccountDeps, userId: number, id: number, jobId: string): Promise<{ state: "queued" | "running" | "finished" }> {
  if (!(await findRegistrarAccount(deps.db, userId, id))) throw notFound(ACCOUNT_NOT_FOUND);
  const job = await deps.queue.getJob(SYNC_QUEUE, jobId);
  // Another account's job id tells this account nothing.
  if (!job || (job.data as SyncJobData | null)?.accountId !== id) return { state: "finished" };
  return { state: job.state === "queued" ? "queued" : job.state === "active" ? "running" : "finished" };
}

export async function queueAccountSync(deps: AccountDeps, userId: number, id: number): Promise<{ message: string; jobId: string }> {
  const row = await findRegistrarAccount(deps.db, userId, id);
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  if (!row.isActive) throw conflict("This account is disabled, so it does not sync");
  const data: SyncJobData = { accountId: id };
  // The adapters already retry transient faults; a failed sync waits for the next request or tick.
  const jobId = await deps.queue.send(SYNC_QUEUE, data, sendOptionsOf(SYNC_QUEUE, { singletonKey: syncSingletonKey(id) }));
  if (jobId === null) throw conflict("A sync of this account is already queued or running");
  return { message: SYNC_QUEUED_MESSAGE, jobId };
}

export async function removeAccount(deps: Pick<AccountDeps, "db">, userId: number, id: number) {
  const result = await deleteRegistrarAccount(deps.db, userId, id);
  if (!result) throw notFound(ACCOUNT_NOT_FOUND);
  return { id, removed: true as const, ...result };
}

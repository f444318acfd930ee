/** Shared set-up of the accounts tests: a Porkbun fake on loopback and apps pointed at it. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Db } from "../../../db/client.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import { loadConfig } from "../config.ts";
import { createFakePorkbun } from "../integrations/registrars/testing/fake-porkbun.ts";
import { fakeAccount, type FakeDomain } from "../integrations/registrars/testing/fake-state.ts";
import { createCredentialCipher } from "../lib/credential-cipher.ts";
import { createLogger } from "../lib/logger.ts";
import { AUTH_TEST_ENV, type authed } from "./auth.ts";
import { startLoopbackServer } from "./loopback.ts";
import { createTestApp, TEST_APP_SECRET } from "./test-app.ts";
import type { SyncDeps } from "../features/accounts/deps.ts";
import type { AccountItem } from "../features/accounts/item.ts";

export async function startPorkbun(domains: FakeDomain[]) {
  const account = fakeAccount(domains);
  const server = await startLoopbackServer(createFakePorkbun(account));
  return { account, server };
}

/**
 * For the enclosing describe block: a Porkbun fake started before its tests and closed after
 * them, listing copies of `domains` again, with no fault, before each test (ahead of the block's
 * own beforeEach when called first). Read its fields inside tests.
 */
export function usePorkbun(domains: FakeDomain[]): Awaited<ReturnType<typeof startPorkbun>> {
  const porkbun = {} as Awaited<ReturnType<typeof startPorkbun>>;
  beforeAll(async () => {
    Object.assign(porkbun, await startPorkbun(domains.map((d) => ({ ...d }))));
  });
  beforeEach(() => {
    porkbun.account.domains = domains.map((d) => ({ ...d }));
    porkbun.account.faultAt = undefined;
  });
  afterAll(() => porkbun.server.close());
  return porkbun;
}

export const appFor = (db: Db, porkbunUrl: string, queue?: JobQueue) =>
  createTestApp(db, { env: { ...AUTH_TEST_ENV, PORKBUN_API_URL: porkbunUrl }, ...(queue ? { queue } : {}) });

export function syncDeps(db: Db, porkbunUrl: string): SyncDeps {
  const config = loadConfig({ NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, PORKBUN_API_URL: porkbunUrl });
  return {
    db, config, cipher: createCredentialCipher(TEST_APP_SECRET), log: createLogger("silent"),
    http: { timeoutMs: 2000, attempts: 2, baseDelayMs: 5 },
  };
}

/** A Porkbun account for the signed-in caller, with the fake's credentials; its id. */
export async function addPorkbunAccount(db: Db, call: ReturnType<typeof authed>, porkbun: Awaited<ReturnType<typeof startPorkbun>>): Promise<number> {
  const created = await call<AccountItem>("/api/registrar-accounts", {
    method: "POST",
    body: { serviceProviderId: await providerId(db, "porkbun"), label: "Porkbun", credentials: { apiKey: porkbun.account.apiKey, secretKey: porkbun.account.secretKey } },
  });
  return created.body.id;
}

export async function providerId(db: Db, slug: string): Promise<number> {
  const sp = db.t.serviceProviders;
  const [row] = await db.orm.select({ id: sp.id }).from(sp).where(eq(sp.slug, slug));
  return row!.id;
}

export async function userIdOf(db: Db, email: string): Promise<number> {
  const [row] = await db.orm.select({ id: db.t.users.id }).from(db.t.users).where(eq(db.t.users.email, email));
  return row!.id;
}

export async function portfolioOf(db: Db, userId: number) {
  const ud = db.t.userDomains;
  return db.orm
    .select({ name: ud.domainName, source: ud.source, accountId: ud.registrarAccountId, expirationDate: ud.expirationDate, autoRenew: ud.autoRenew, isLocked: ud.isLocked, privacyEnabled: ud.privacyEnabled, notes: ud.notes })
    .from(ud).where(eq(ud.userId, userId)).orderBy(ud.domainName);
}

/**
 * The RDAP bootstrap in force: the last one downloaded from IANA_RDAP_BOOTSTRAP_URL (kept in
 * app_meta, shared by every process), or the copy shipped with the product until the first
 * download. Each process rereads the stored one at most every few minutes.
 */
import type { Db } from "../../../../db/client.ts";
import { getMeta, META_KEYS, setMeta } from "../../../../db/repositories/app-meta-repository.ts";
import { ANSWER_CAPS } from "../../integrations/answer-caps.ts";
import { httpRequest } from "../../integrations/http.ts";
import {
  bootstrapFileSchema, bootstrapFromServices, bundledBootstrap, parseBootstrapFile, type RdapBootstrap,
} from "../../integrations/rdap/bootstrap.ts";

const REREAD_MS = 5 * 60_000;

export interface BootstrapSource {
  current(): Promise<RdapBootstrap>;
  /** Forget the copy in memory (after a refresh stored a new one). */
  invalidate(): void;
}

export function bootstrapSource(db: Db): BootstrapSource {
  let held: { at: number; bootstrap: RdapBootstrap } | null = null;
  return {
    async current() {
      if (held && Date.now() - held.at < REREAD_MS) return held.bootstrap;
      const stored = (await getMeta(db, [META_KEYS.rdapBootstrap]))[META_KEYS.rdapBootstrap];
      const parsed = stored ? bootstrapFileSchema.safeParse(JSON.parse(stored)) : null;
      const bootstrap = parsed?.success ? bootstrapFromServices(parsed.data.services, parsed.data.publication ?? null) : bundledBootstrap();
      held = { at: Date.now(), bootstrap };
      return bootstrap;
    },
    invalidate() {
      held = null;
    },
  };
}

/** Downloads IANA's dns.json and stores it; a download that fails or is not a bootstrap file stores nothing and throws. */
export async function refreshRdapBootstrap(db: Db, url: string, signal?: AbortSignal): Promise<{ services: number; publication: string | null }> {
  const res = await httpRequest({ service: "IANA's RDAP bootstrap", url, signal, maxBytes: ANSWER_CAPS.rdapBootstrap }, { attempts: 3, timeoutMs: 60_000 });
  const file = parseBootstrapFile(res.text);
  const publication = file.publication ?? null;
  await setMeta(db, META_KEYS.rdapBootstrap, JSON.stringify({ fetchedAt: new Date().toISOString(), publication, services: file.services }));
  return { services: file.services.length, publication };
}

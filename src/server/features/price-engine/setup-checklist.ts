/**
 * The admin area's first-run checklist: what a new install still lacks, each item with its state
 * as this process sees it and the README section that says how to set it up. Shown until every
 * item is done or an administrator dismisses it (stored for every administrator and process).
 * Backups are made outside the site (npm run backup, or the database's own tools), so that item
 * is done when an administrator says they are set up.
 */
import type { Db } from "../../../../db/client.ts";
import { getMeta, META_KEYS, setMeta } from "../../../../db/repositories/app-meta-repository.ts";
import { listServiceProviders } from "../../../../db/repositories/service-provider-repository.ts";
import { listAdmins } from "../../../../db/repositories/user-repository.ts";
import type { Config } from "../../config.ts";
import { providerSourceSetup } from "../../domain/price-source-setup.ts";
import type { PriceSources } from "./sources.ts";

export type ChecklistItemId = "administrator" | "app-url" | "mail" | "price-keys" | "backups" | "metrics";

export interface ChecklistItem {
  id: ChecklistItemId;
  title: string;
  done: boolean;
  /** Where things stand, in words. */
  state: string;
  /** The README section that says how (its "## " heading). */
  readmeSection: string;
}

interface StoredChecklist {
  dismissedAt?: string;
  dismissedBy?: string;
  backupsConfirmedAt?: string;
  backupsConfirmedBy?: string;
}

async function readStored(db: Db): Promise<StoredChecklist> {
  const raw = (await getMeta(db, [META_KEYS.setupChecklist]))[META_KEYS.setupChecklist];
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

const day = (iso: string) => iso.slice(0, 10);

export async function getSetupChecklist(db: Db, config: Config, sources: PriceSources) {
  const [admins, providers, stored] = await Promise.all([listAdmins(db), listServiceProviders(db), readStored(db)]);
  const needKeys = providers.filter((p) => p.isActive)
    .map((p) => ({ name: p.name, ...providerSourceSetup(sources, p.slug) }))
    .filter((p) => p.setup === "key-missing");
  const mail = Boolean(config.SMTP_URL && config.MAIL_FROM);
  const metrics = Boolean(config.METRICS_TOKEN || config.METRICS_PORT);
  const items: ChecklistItem[] = [
    {
      id: "administrator", title: "First administrator", done: admins.length > 0, readmeSection: "Install",
      state: admins.length === 1 ? `${admins[0]!.email} is the administrator` : `${admins.length} administrators`,
    },
    {
      id: "app-url", title: "Public address (APP_URL)", done: Boolean(config.APP_URL), readmeSection: "Configuration",
      state: config.APP_URL
        ? `Links in mails, the sitemap and canonical links use ${config.APP_URL}`
        : "APP_URL is not set: links in mails and pages use the address each request came to",
    },
    {
      id: "mail", title: "Mail (SMTP)", done: mail, readmeSection: "Configuration",
      state: mail ? `Mail goes out from ${config.MAIL_FROM}` : "SMTP_URL and MAIL_FROM are not set: no mail is sent (sign-up confirmations, password resets, reminders)",
    },
    {
      id: "price-keys", title: "Keys for the price sources that need them", done: needKeys.length === 0, readmeSection: "Reference data",
      state: needKeys.length === 0
        ? "Every price source that needs a key has it"
        : `Not set, so no live prices from ${needKeys.map((p) => `${p.name} (${p.missing})`).join(", ")}; their bundled lists are shown meanwhile`,
    },
    {
      id: "backups", title: "Backups", done: Boolean(stored.backupsConfirmedAt), readmeSection: "Operations",
      state: stored.backupsConfirmedAt
        ? `Marked as set up by ${stored.backupsConfirmedBy ?? "an administrator"} on ${day(stored.backupsConfirmedAt)}`
        : "Not marked as set up: schedule npm run backup (or your database's own backups), then mark this done",
    },
    {
      id: "metrics", title: "Metrics token", done: metrics, readmeSection: "Operations",
      state: metrics
        ? `Metrics are served${config.METRICS_TOKEN ? " on /metrics with the token" : ""}${config.METRICS_PORT ? ` on port ${config.METRICS_PORT}` : ""}`
        : "METRICS_TOKEN (or METRICS_PORT) is not set: the metrics are served nowhere",
    },
  ];
  const dismissed = Boolean(stored.dismissedAt);
  return {
    items,
    done: items.filter((i) => i.done).length,
    /** Whether the admin area shows it: until every item is done or an administrator dismissed it. */
    show: !dismissed && items.some((i) => !i.done),
    dismissedAt: stored.dismissedAt ?? null,
  };
}

async function update(db: Db, change: (stored: StoredChecklist) => StoredChecklist): Promise<void> {
  await setMeta(db, META_KEYS.setupChecklist, JSON.stringify(change(await readStored(db))));
}

export async function dismissSetupChecklist(db: Db, by: string): Promise<{ message: string }> {
  await update(db, (s) => ({ ...s, dismissedAt: new Date().toISOString(), dismissedBy: by }));
  return { message: "The setup checklist is hidden for every administrator." };
}

export async function confirmBackups(db: Db, by: string): Promise<{ message: string }> {
  await update(db, (s) => ({ ...s, backupsConfirmedAt: new Date().toISOString(), backupsConfirmedBy: by }));
  return { message: "Backups are marked as set up." };
}

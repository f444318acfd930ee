/**
 * PostgreSQL tables: the same tables and columns as db/schema/sqlite.ts (schema-parity.test.ts
 * checks). Money columns are integers in hundredths of the currency unit, dates without time
 * are `date` columns read as "YYYY-MM-DD" strings, instants are timestamptz.
 */
import {
  type AnyPgColumn, boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";

const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => instant("created_at").notNull().defaultNow();
const bool = (name: string) => boolean(name);
const isoDate = (name: string) => date(name, { mode: "string" });
const json = <T>(name: string) => jsonb(name).$type<T>();

export const registryOperators = pgTable("registry_operators", {
  id: id(),
  name: text("name").notNull().unique(),
  createdAt: createdAt(),
});

export const tlds = pgTable("tlds", {
  id: id(),
  name: text("name").notNull().unique(),
  unicodeName: text("unicode_name"),
  description: text("description").notNull(),
  category: text("category").notNull(),
  ianaType: text("iana_type").notNull(),
  registryOperatorId: integer("registry_operator_id").references(() => registryOperators.id),
  isActive: bool("is_active").notNull(),
  rdapUrl: text("rdap_url"),
  dnssec: bool("dnssec"),
  /** "tld" for a root-zone TLD; "icann-suffix" or "private-suffix" for a registrable name below one (co.uk, uk.com). */
  kind: text("kind").notNull().default("tld"),
  /** The top-level TLD a second-level suffix sits under (co.uk → uk); null for a TLD. */
  parentTldId: integer("parent_tld_id").references((): AnyPgColumn => tlds.id),
  createdAt: createdAt(),
}, (t) => [
  index("tlds_category_idx").on(t.category), index("tlds_operator_idx").on(t.registryOperatorId), index("tlds_parent_idx").on(t.parentTldId),
]);

export const ianaRegistrars = pgTable("iana_registrars", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  status: text("status").notNull(),
  rdapUrl: text("rdap_url"),
}, (t) => [index("iana_registrars_status_idx").on(t.status)]);

export const serviceProviders = pgTable("service_providers", {
  id: id(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  displayName: text("display_name").notNull(),
  domain: text("domain").notNull(),
  logoUrl: text("logo_url"),
  website: text("website"),
  isActive: bool("is_active").notNull().default(true),
  ianaId: integer("iana_id").references(() => ianaRegistrars.id),
  registrationUrlPattern: text("registration_url_pattern"),
  transferUrlPattern: text("transfer_url_pattern"),
  /** ISO 3166-1 alpha-2 code of the country the provider is based in. */
  country: text("country"),
  createdAt: createdAt(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

export const domainPrices = pgTable("domain_prices", {
  id: id(),
  tldId: integer("tld_id").notNull().references(() => tlds.id, { onDelete: "cascade" }),
  serviceProviderId: integer("service_provider_id").notNull().references(() => serviceProviders.id, { onDelete: "cascade" }),
  registrationPrice: integer("registration_price"),
  renewalPrice: integer("renewal_price"),
  transferPrice: integer("transfer_price"),
  currency: text("currency").notNull(),
  isPromo: bool("is_promo").notNull().default(false),
  /** True when the transfer price is a sale below the registrar's regular transfer price. */
  transferIsPromo: bool("transfer_is_promo").notNull().default(false),
  regularRegistrationPrice: integer("regular_registration_price"),
  snapshotDate: isoDate("snapshot_date").notNull(),
  /** When a source last confirmed this quote (a fetch that found it unchanged moves this only). */
  lastCheckedAt: instant("last_checked_at").notNull().defaultNow(),
  /** When the quote last took its present values. */
  changedAt: instant("changed_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
  /**
   * The price checks' reasons (src/shared/price-checks.ts) when a rule finds a price unusual and
   * no administrator confirmed these prices; null for a usual quote. Written with the TLD's row.
   */
  unusualReason: text("unusual_reason"),
  /** An administrator hid these prices: left out of every public answer until they change. Written with the TLD's row. */
  hidden: bool("hidden").notNull().default(false),
}, (t) => [
  uniqueIndex("domain_prices_provider_tld_uq").on(t.serviceProviderId, t.tldId),
  index("domain_prices_tld_idx").on(t.tldId),
]);

/**
 * Another source's quote for a registrar and TLD whose stored quote came from elsewhere: the
 * registrar's bundled price list, recorded when a live source's list is applied. The price
 * checks compare the two (rule sources-differ). source: how the reasons name it.
 */
export const priceReferences = pgTable("price_references", {
  serviceProviderId: integer("service_provider_id").notNull().references(() => serviceProviders.id, { onDelete: "cascade" }),
  tldId: integer("tld_id").notNull().references(() => tlds.id, { onDelete: "cascade" }),
  source: text("source").notNull(),
  registrationPrice: integer("registration_price"),
  renewalPrice: integer("renewal_price"),
  transferPrice: integer("transfer_price"),
  currency: text("currency").notNull(),
  observedOn: isoDate("observed_on").notNull(),
}, (t) => [primaryKey({ columns: [t.serviceProviderId, t.tldId] }), index("price_references_tld_idx").on(t.tldId)]);

/**
 * An administrator's word on a registrar's unusual prices for a TLD: "confirmed" (the prices
 * are real: not marked unusual) or "hidden" (left out of public answers). It holds while the
 * quote has the prices reviewed here; a changed price is checked again.
 */
export const priceReviews = pgTable("price_reviews", {
  serviceProviderId: integer("service_provider_id").notNull().references(() => serviceProviders.id, { onDelete: "cascade" }),
  tldId: integer("tld_id").notNull().references(() => tlds.id, { onDelete: "cascade" }),
  decision: text("decision").notNull(),
  registrationPrice: integer("registration_price"),
  renewalPrice: integer("renewal_price"),
  transferPrice: integer("transfer_price"),
  currency: text("currency").notNull(),
  reviewedBy: text("reviewed_by").notNull(),
  reviewedAt: instant("reviewed_at").notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.serviceProviderId, t.tldId] }), index("price_reviews_tld_idx").on(t.tldId)]);

/** Every superseded price: the old values and the dates they were valid. */
export const domainPriceHistory = pgTable("domain_price_history", {
  id: id(),
  tldId: integer("tld_id").notNull().references(() => tlds.id, { onDelete: "cascade" }),
  serviceProviderId: integer("service_provider_id").notNull().references(() => serviceProviders.id, { onDelete: "cascade" }),
  registrationPrice: integer("registration_price"),
  renewalPrice: integer("renewal_price"),
  transferPrice: integer("transfer_price"),
  currency: text("currency").notNull(),
  isPromo: bool("is_promo").notNull().default(false),
  /** True when the transfer price is a sale below the registrar's regular transfer price. */
  transferIsPromo: bool("transfer_is_promo").notNull().default(false),
  validFrom: isoDate("valid_from").notNull(),
  validUntil: isoDate("valid_until").notNull(),
  /** "changed": replaced by a newer quote; "retired": the source stopped listing it. */
  endReason: text("end_reason").notNull().default("changed"),
  recordedAt: createdAt(),
}, (t) => [index("domain_price_history_provider_tld_idx").on(t.serviceProviderId, t.tldId)]);

/**
 * Per-TLD price summary over USD quotes, rewritten whenever a TLD's prices change, so the
 * price list sorts and pages on an index instead of aggregating every quote per request.
 */
/**
 * Per priced TLD, the keys the price list filters and sorts on: narrow on purpose, so a search
 * or a count reads a few pages (the rows themselves live in tld_price_rows).
 */
export const tldPriceSummaries = pgTable("tld_price_summaries", {
  tldId: integer("tld_id").primaryKey().references(() => tlds.id, { onDelete: "cascade" }),
  /** Copies of the TLD's name and category, rewritten with the summary. */
  name: text("name").notNull().default(""),
  category: text("category").notNull().default(""),
  /** Lower-cased name and Unicode name, what a search matches as a substring. */
  searchText: text("search_text").notNull().default(""),
  minRegistration: integer("min_registration"),
  minRenewal: integer("min_renewal"),
  minTransfer: integer("min_transfer"),
  minThreeYear: integer("min_three_year"),
  providerCount: integer("provider_count").notNull(),
}, (t) => [
  index("tld_price_summaries_registration_idx").on(t.minRegistration, t.name),
  index("tld_price_summaries_renewal_idx").on(t.minRenewal, t.name),
  index("tld_price_summaries_transfer_idx").on(t.minTransfer, t.name),
  index("tld_price_summaries_three_year_idx").on(t.minThreeYear, t.name),
  index("tld_price_summaries_name_idx").on(t.name),
  index("tld_price_summaries_category_idx").on(t.category),
]);

/** Each priced TLD's public price-list row, serialised when its summary is rewritten. */
export const tldPriceRows = pgTable("tld_price_rows", {
  tldId: integer("tld_id").primaryKey().references(() => tlds.id, { onDelete: "cascade" }),
  rowJson: text("row_json").notNull(),
});

export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

export const users = pgTable("users", {
  id: id(),
  email: text("email").notNull().unique(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  passwordHash: text("password_hash"),
  oidcSubject: text("oidc_subject").unique(),
  isAdmin: bool("is_admin").notNull().default(false),
  calendarTokenHash: text("calendar_token_hash").unique(),
  createdAt: createdAt(),
  /** Set by an administrator: the account cannot sign in, and its sessions and API keys stop working. */
  disabledAt: instant("disabled_at"),
  /** The last successful sign-in (any method). */
  lastSignInAt: instant("last_sign_in_at"),
  /** The IANA time zone moments are written in on the pages, in mails and in the calendar feed; null: the browser's on the pages, UTC elsewhere. */
  timeZone: text("time_zone"),
});

export const sessions = pgTable("sessions", {
  id: text("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  expiresAt: instant("expires_at").notNull(),
  createdAt: createdAt(),
  /** When the session was last used (moved at most every few minutes), for the owner's session list. */
  lastSeenAt: instant("last_seen_at").notNull().defaultNow(),
  /** The browser's User-Agent when signed in (cut to 300 characters), and the client address last seen. */
  userAgent: text("user_agent"),
  ip: text("ip"),
  /** When this session's sign-in passed a second step (a code from the app or a recovery code); null for a password (or single sign-on) alone. */
  secondFactorAt: instant("second_factor_at"),
}, (t) => [index("sessions_user_idx").on(t.userId)]);

/** Fixed-window counters for sign-in attempts, keyed "ip:…" or "account:…". */
export const authRateLimits = pgTable("auth_rate_limits", {
  key: text("key").notNull(),
  windowStart: integer("window_start").notNull(),
  attempts: integer("attempts").notNull(),
}, (t) => [primaryKey({ columns: [t.key, t.windowStart] })]);

export const registrarAccounts = pgTable("registrar_accounts", {
  id: id(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  serviceProviderId: integer("service_provider_id").notNull().references(() => serviceProviders.id),
  label: text("label").notNull(),
  authType: text("auth_type").notNull(),
  credentialsEncrypted: text("credentials_encrypted").notNull(),
  /** Which key encrypted the credentials, so keys can be rotated. */
  credentialsKeyId: text("credentials_key_id"),
  status: text("status").notNull().default("active"),
  isActive: bool("is_active").notNull().default(true),
  lastSyncAt: instant("last_sync_at"),
  errorMessage: text("error_message"),
  /**
   * skippedDomains: listed domains whose TLD is not in the catalogue (not stored);
   * departedDomains: portfolio entries linked to the account that it no longer lists.
   */
  lastSyncLog: json<{ domainsFound: number; newDomains: number; updatedDomains: number; durationMs: number; error: string | null; skippedDomains?: number; departedDomains?: number }>("last_sync_log"),
  createdAt: createdAt(),
}, (t) => [index("registrar_accounts_user_idx").on(t.userId)]);

export const userDomains = pgTable("user_domains", {
  id: id(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  domainName: text("domain_name").notNull(),
  tldId: integer("tld_id").notNull().references(() => tlds.id),
  serviceProviderId: integer("service_provider_id").references(() => serviceProviders.id, { onDelete: "set null" }),
  registrarAccountId: integer("registrar_account_id").references(() => registrarAccounts.id, { onDelete: "cascade" }),
  registrationDate: isoDate("registration_date"),
  expirationDate: isoDate("expiration_date"),
  autoRenew: bool("auto_renew").notNull().default(false),
  /**
   * False while nobody has said whether the domain renews automatically (added by its name
   * alone, a CSV without the column, a registrar that does not say): auto_renew is then false
   * and means nothing. The portfolio reads the pair as on, off or unknown.
   */
  autoRenewKnown: bool("auto_renew_known").notNull().default(true),
  isLocked: bool("is_locked"),
  privacyEnabled: bool("privacy_enabled"),
  /** "manual" when the user added it (deleting the account only unlinks it), "sync" when a sync did. */
  source: text("source").notNull().default("manual"),
  notes: text("notes"),
  /**
   * When a successful sync of the linked account first found the account no longer lists it
   * (transferred away, expired, deleted); null while the account lists it or when it is unlinked.
   */
  departedAt: instant("departed_at"),
  createdAt: createdAt(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
}, (t) => [uniqueIndex("user_domains_user_domain_uq").on(t.userId, t.domainName)]);

export const priceLogs = pgTable("price_logs", {
  id: id(),
  serviceProviderId: integer("service_provider_id").references(() => serviceProviders.id, { onDelete: "set null" }),
  requestType: text("request_type").notNull(),
  status: text("status").notNull(),
  domain: text("domain"),
  tld: text("tld"),
  resultCount: integer("result_count"),
  responseTimeMs: integer("response_time_ms"),
  /** Names in the answer that were not catalogue TLDs, skipped. */
  skippedCount: integer("skipped_count"),
  errorMessage: text("error_message"),
  /**
   * Where the run's list came from: "live" (a registrar's price API or published list) or
   * "bundled" (a price list shipped with the product); null when no source was chosen.
   */
  source: text("source"),
  startedAt: instant("started_at").notNull(),
  completedAt: instant("completed_at"),
}, (t) => [index("price_logs_started_idx").on(t.startedAt)]);

export const fetchSchedules = pgTable("fetch_schedules", {
  id: id(),
  name: text("name").notNull(),
  description: text("description"),
  serviceProviderId: integer("service_provider_id").references(() => serviceProviders.id, { onDelete: "cascade" }),
  cron: text("cron").notNull(),
  isActive: bool("is_active").notNull().default(true),
  lastRunAt: instant("last_run_at"),
  nextRunAt: instant("next_run_at"),
  createdAt: createdAt(),
});

export const incidents = pgTable("incidents", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  severity: text("severity").notNull(),
  status: text("status").notNull(),
  source: text("source").notNull(),
  /** The rule that opened it; null for incidents raised by hand. */
  alertRuleId: integer("alert_rule_id").references(() => alertRules.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
  resolvedAt: instant("resolved_at"),
});

export const alertRules = pgTable("alert_rules", {
  id: id(),
  name: text("name").notNull(),
  description: text("description"),
  condition: text("condition").notNull(),
  threshold: integer("threshold").notNull(),
  severity: text("severity").notNull(),
  isActive: bool("is_active").notNull().default(true),
  createdAt: createdAt(),
});

/** ECB reference rates: units of `currency` per euro on `date` (business days only). */
export const exchangeRates = pgTable("exchange_rates", {
  date: isoDate("date").notNull(),
  currency: text("currency").notNull(),
  ratePerEur: doublePrecision("rate_per_eur").notNull(),
}, (t) => [primaryKey({ columns: [t.date, t.currency] }), index("exchange_rates_currency_date_idx").on(t.currency, t.date)]);

export const contactMessages = pgTable("contact_messages", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  category: text("category").notNull(),
  priority: text("priority").notNull(),
  message: text("message").notNull(),
  ip: text("ip"),
  createdAt: createdAt(),
  readAt: instant("read_at"),
}, (t) => [index("contact_messages_created_idx").on(t.createdAt)]);

/** Public API keys: only the SHA-256 of the key is stored; the prefix helps people tell keys apart. */
export const apiKeys = pgTable("api_keys", {
  id: id(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  keyHash: text("key_hash").notNull().unique(),
  prefix: text("prefix").notNull(),
  /** read: GET calls only; write: every call the key may make (src/shared/schemas/api-key.ts). */
  scope: text("scope").notNull().default("read"),
  createdAt: createdAt(),
  lastUsedAt: instant("last_used_at"),
  revokedAt: instant("revoked_at"),
}, (t) => [index("api_keys_user_idx").on(t.userId)]);

/**
 * Where a user's notifications go. kind "email": `email`, confirmed once its owner opened the
 * link of a confirmation mail (`confirmed_at`; the link's token is kept as its SHA-256 in
 * `confirm_token_hash` until `confirm_expires_at`). kind "webhook": `url`, `format`
 * (generic | ntfy | slack | discord) and `secret`. `disabled_at` set: nothing is sent to it
 * (an e-mail's one-click unsubscribe sets it).
 */
export const notificationChannels = pgTable("notification_channels", {
  id: id(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  email: text("email"),
  confirmedAt: instant("confirmed_at"),
  confirmTokenHash: text("confirm_token_hash").unique(),
  confirmExpiresAt: instant("confirm_expires_at"),
  url: text("url"),
  format: text("format"),
  /**
   * Who receives on a chat or push service, when the URL does not say it: a Telegram chat id, a
   * Matrix room id, an Apprise configuration key, the end of a Pushover user key. Not secret;
   * shown in the channel list and part of what makes two channels the same.
   */
  target: text("target"),
  secret: text("secret"),
  disabledAt: instant("disabled_at"),
  /**
   * Bumped each time the channel is turned on again: unsubscribe links carry the generation they
   * were made in, so a link from an older mail cannot turn the channel off again.
   */
  unsubscribeGeneration: integer("unsubscribe_generation").notNull().default(0),
  createdAt: createdAt(),
}, (t) => [index("notification_channels_user_idx").on(t.userId), uniqueIndex("notification_channels_user_email_uq").on(t.userId, t.email)]);

/**
 * Addresses that asked, through the one-click unsubscribe of a confirmation mail, to get no mail
 * from this server: no confirmation mail is sent to them again, whoever adds them. Keyed by the
 * SHA-256 of the lower-case address, so the address of someone who never signed up is not kept.
 */
export const mailSuppressions = pgTable("mail_suppressions", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: createdAt(),
});

/**
 * A user's notification settings; no row means the defaults. reminder_offsets: days before
 * expiry (e.g. [90, 30, 7, 1]); delivery_modes: per kind "immediate" or "digest"; enabled_kinds:
 * the kinds sent at all; currency: the display currency of prices in messages.
 */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  reminderOffsets: json<number[]>("reminder_offsets").notNull(),
  deliveryModes: json<Record<string, "immediate" | "digest">>("delivery_modes").notNull(),
  enabledKinds: json<string[]>("enabled_kinds").notNull(),
  currency: text("currency").notNull(),
  /** Renewal price alerts: the smallest move of a held TLD's renewal at its registrar worth telling, in percent (1–100). */
  renewalChangePercent: integer("renewal_change_percent").notNull().default(10),
  /** Renewal price alerts: the smallest yearly saving elsewhere worth telling, in minor units of `currency`. */
  renewalUndercutMinor: integer("renewal_undercut_minor").notNull().default(200),
  updatedAt: instant("updated_at").notNull(),
});

/**
 * One thing to tell one user, planned once: (user, kind, subject, occurrence) is unique, e.g.
 * ("expiry", "domain:42", "expiry 2027-03-01 offset 30"). payload holds the figures each
 * channel renders; title is its one-line summary.
 */
export const notifications = pgTable("notifications", {
  id: id(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  subjectKey: text("subject_key").notNull(),
  occurrence: text("occurrence").notNull(),
  title: text("title").notNull(),
  payload: json<Record<string, unknown>>("payload").notNull(),
  dueDate: isoDate("due_date").notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex("notifications_once_uq").on(t.userId, t.kind, t.subjectKey, t.occurrence)]);

/**
 * One notification sent (or to send) over one channel, once: (notification, channel) is unique.
 * status: queued | sending | sent | failed; a sender claims the row (queued or failed →
 * sending) before it sends. digest_date set: it goes out in that day's digest of the channel.
 */
export const notificationDeliveries = pgTable("notification_deliveries", {
  id: id(),
  notificationId: integer("notification_id").notNull().references(() => notifications.id, { onDelete: "cascade" }),
  channelId: integer("channel_id").notNull().references(() => notificationChannels.id, { onDelete: "cascade" }),
  status: text("status").notNull().default("queued"),
  digestDate: isoDate("digest_date"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  nextRetryAt: instant("next_retry_at"),
  claimedAt: instant("claimed_at"),
  sentAt: instant("sent_at"),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex("notification_deliveries_once_uq").on(t.notificationId, t.channelId),
  index("notification_deliveries_channel_idx").on(t.channelId, t.digestDate, t.status),
]);

/**
 * A user's watch on a catalogue name: tell them when a fresh quote of `price_kind`
 * (registration | renewal | transfer) at an active provider is at or under `target_minor`
 * (hundredths of `currency`, as every money column). `crossing` numbers the times the target
 * was reached anew (it moves on when the target is no longer met, or is edited); `met_at` is
 * when the present crossing was told, null while the target is not met.
 */
export const watchedTlds = pgTable("watched_tlds", {
  id: id(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  tldId: integer("tld_id").notNull().references(() => tlds.id, { onDelete: "cascade" }),
  priceKind: text("price_kind").notNull(),
  targetMinor: integer("target_minor").notNull(),
  currency: text("currency").notNull(),
  crossing: integer("crossing").notNull().default(0),
  metAt: instant("met_at"),
  createdAt: createdAt(),
}, (t) => [uniqueIndex("watched_tlds_user_tld_kind_uq").on(t.userId, t.tldId, t.priceKind), index("watched_tlds_tld_idx").on(t.tldId)]);

/**
 * What the registry says about a portfolio entry over RDAP, beside the dates its owner typed
 * (user_domains keeps those). One row per entry, written by the registry lookups; an entry
 * without a row has never been looked up and is due. outcome: pending | ok | not_found
 * (the registry does not hold the name) | no_service (its TLD has no RDAP server) | error.
 */
export const domainRegistryRecords = pgTable("domain_registry_records", {
  userDomainId: integer("user_domain_id").primaryKey().references(() => userDomains.id, { onDelete: "cascade" }),
  outcome: text("outcome").notNull().default("pending"),
  /** Why the last lookup failed (outcome error), in words a person can read. */
  errorReason: text("error_reason"),
  /** The RDAP base URL, or for WHOIS "whois://" and the port-43 host, that answered. */
  rdapServer: text("rdap_server"),
  /** How the last answer was read: "rdap", or "whois" for a TLD without RDAP (its dates count for less). */
  protocol: text("protocol"),
  /** Failed lookups in a row (outcome error); each one waits longer before the next try (registry-schedule.ts). */
  failures: integer("failures").notNull().default(0),
  /** A registry-check run holds the entry until then while it looks it up; another run passes it over. */
  claimedUntil: instant("claimed_until"),
  /** The owner asked for a check now (or renamed the entry): looked up before the owner's other due entries. */
  checkRequestedAt: instant("check_requested_at"),
  expirationDate: isoDate("expiration_date"),
  registrationDate: isoDate("registration_date"),
  lastChangedDate: isoDate("last_changed_date"),
  /** EPP status codes (clientTransferProhibited, redemptionPeriod, …). */
  statuses: json<string[]>("statuses"),
  nameservers: json<string[]>("nameservers"),
  registrarIanaId: integer("registrar_iana_id"),
  registrarName: text("registrar_name"),
  /** The service provider whose IANA id the registry named as the sponsoring registrar. */
  registrarProviderId: integer("registrar_provider_id").references(() => serviceProviders.id, { onDelete: "set null" }),
  /** The owner chose the typed dates over the registry's for reminders and expiry views. */
  ownDatesOverride: bool("own_dates_override").notNull().default(false),
  checkedAt: instant("checked_at"),
  nextCheckAt: instant("next_check_at").notNull(),
}, (t) => [index("domain_registry_records_next_check_idx").on(t.nextCheckAt)]);

/**
 * How the product's own registry lookups went, per TLD, UTC day and method (how the TLD's
 * registry was asked: iana_rdap | supplement | operator | whois | none). Each stored batch of
 * lookups adds to its rows: ok (the registry answered, with the name's record or "not found"),
 * failed (an error, or no server to ask), found (answers carrying the name's record) and
 * no_expiry (those of them without an expiry date). The registry-coverage page reads the last 30 days.
 */
export const registryLookupStats = pgTable("registry_lookup_stats", {
  tld: text("tld").notNull(),
  day: isoDate("day").notNull(),
  method: text("method").notNull(),
  ok: integer("ok").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  found: integer("found").notNull().default(0),
  noExpiry: integer("no_expiry").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.tld, t.day, t.method] }), index("registry_lookup_stats_day_idx").on(t.day)]);

/**
 * Single-use links and pending steps of a user's account, each stored as the SHA-256 of its
 * token (the token itself is only ever in a mail, a link or the browser). purpose:
 * password_reset | email_change (new_email is the address to confirm) | two_factor_sign_in (a
 * password was right; the second step is awaited). A new token of a purpose replaces the
 * user's older ones of that purpose.
 */
export const userTokens = pgTable("user_tokens", {
  id: text("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  purpose: text("purpose").notNull(),
  newEmail: text("new_email"),
  expiresAt: instant("expires_at").notNull(),
  createdAt: createdAt(),
}, (t) => [index("user_tokens_user_purpose_idx").on(t.userId, t.purpose)]);

/**
 * A user's TOTP secret (RFC 6238), encrypted with the credential cipher (secret_key_id names
 * the key). enabled_at null: set up but not yet confirmed with a code. last_used_step: the
 * newest 30-second step a code was accepted for, so a code is never accepted twice.
 */
export const userTotp = pgTable("user_totp", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  secretEncrypted: text("secret_encrypted").notNull(),
  secretKeyId: text("secret_key_id"),
  enabledAt: instant("enabled_at"),
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** Two-step sign-in recovery codes: only each code's SHA-256 is kept; used_at set once it has been used. */
export const userRecoveryCodes = pgTable("user_recovery_codes", {
  id: id(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  usedAt: instant("used_at"),
  createdAt: createdAt(),
}, (t) => [index("user_recovery_codes_user_idx").on(t.userId), uniqueIndex("user_recovery_codes_hash_uq").on(t.userId, t.codeHash)]);

/**
 * What administrators did to users: who (actor), to whom (target), what (action and its
 * detail), when and from which address. The e-mail addresses are copied, so an entry still
 * reads the same after either account is deleted (their ids then become null).
 */
export const adminAuditLog = pgTable("admin_audit_log", {
  id: id(),
  actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
  actorEmail: text("actor_email").notNull(),
  targetUserId: integer("target_user_id").references(() => users.id, { onDelete: "set null" }),
  targetEmail: text("target_email"),
  action: text("action").notNull(),
  detail: json<Record<string, unknown>>("detail"),
  ip: text("ip"),
  createdAt: createdAt(),
}, (t) => [index("admin_audit_log_created_idx").on(t.createdAt)]);

/**
 * A domain's history: every registry check and every change the monitoring found (registry,
 * certificate, DNS), dated, with the old and new values. category: registry | certificate | dns.
 * kind: what happened (registry_check, registrar_changed, transfer_lock_removed,
 * nameservers_changed, status_hold, pending_delete, expiry_moved_back, certificate_expiring,
 * certificate_invalid, certificate_issuer_changed, dns_changed, …). subject: what within the
 * domain it concerns (a host:port for a certificate, a record type for DNS), null for the domain
 * itself. severity: alarm (told as a warning) | info (told as information: a check, or a change
 * the owner made through a connected registrar account). old_value/new_value: JSON, null when
 * there is none.
 */
export const domainEvents = pgTable("domain_events", {
  id: id(),
  userDomainId: integer("user_domain_id").notNull().references(() => userDomains.id, { onDelete: "cascade" }),
  category: text("category").notNull(),
  kind: text("kind").notNull(),
  subject: text("subject"),
  severity: text("severity").notNull().default("alarm"),
  oldValue: json<unknown>("old_value"),
  newValue: json<unknown>("new_value"),
  occurredAt: instant("occurred_at").notNull(),
  createdAt: createdAt(),
}, (t) => [index("domain_events_domain_idx").on(t.userDomainId, t.occurredAt)]);

/**
 * A domain's own answer to "tell me about this": key is a notification kind (registry_change,
 * certificate, dns_change) or a DNS record type under it ("dns:MX", "dns:TXT", …); enabled false
 * mutes it for this domain, true turns it on here though the owner's kind switch is off. No row:
 * the owner's kind switch decides.
 */
export const domainNotificationSettings = pgTable("domain_notification_settings", {
  userDomainId: integer("user_domain_id").notNull().references(() => userDomains.id, { onDelete: "cascade" }),
  key: text("key").notNull(),
  enabled: bool("enabled").notNull(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userDomainId, t.key] })]);

/**
 * Extra host names (each with a port) whose TLS certificate is watched for a portfolio entry,
 * besides the apex and www that every entry has.
 */
export const domainMonitorHosts = pgTable("domain_monitor_hosts", {
  id: id(),
  userDomainId: integer("user_domain_id").notNull().references(() => userDomains.id, { onDelete: "cascade" }),
  host: text("host").notNull(),
  port: integer("port").notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex("domain_monitor_hosts_unique").on(t.userDomainId, t.host, t.port)]);

/**
 * The latest certificate check of one host:port of an entry (subject). state: valid or invalid
 * (reason: expired, name_mismatch, untrusted, self_signed, unreachable, refused). told_offsets: the
 * days-before-end already told for this certificate (fingerprint), so each is told once.
 */
export const domainCertificates = pgTable("domain_certificates", {
  userDomainId: integer("user_domain_id").notNull().references(() => userDomains.id, { onDelete: "cascade" }),
  subject: text("subject").notNull(),
  checkedAt: instant("checked_at").notNull(),
  state: text("state").notNull(),
  reason: text("reason"),
  detail: text("detail"),
  issuer: text("issuer"),
  subjectNames: json<string[]>("subject_names"),
  validFrom: instant("valid_from"),
  validTo: instant("valid_to"),
  fingerprint: text("fingerprint"),
  coversName: bool("covers_name"),
  trusted: bool("trusted"),
  toldOffsets: json<number[]>("told_offsets"),
}, (t) => [primaryKey({ columns: [t.userDomainId, t.subject] })]);

/**
 * An entry's confirmed DNS answer per record type (records: normalised, sorted), and a different
 * answer seen once (pending_records, since pending_since) waiting for the second look that
 * confirms it. failure: why the last look got no answer (a failure is never a change).
 */
export const domainDnsRecords = pgTable("domain_dns_records", {
  userDomainId: integer("user_domain_id").notNull().references(() => userDomains.id, { onDelete: "cascade" }),
  recordType: text("record_type").notNull(),
  records: json<string[]>("records").notNull(),
  confirmedAt: instant("confirmed_at").notNull(),
  checkedAt: instant("checked_at").notNull(),
  pendingRecords: json<string[]>("pending_records"),
  pendingSince: instant("pending_since"),
  failure: text("failure"),
}, (t) => [primaryKey({ columns: [t.userDomainId, t.recordType] })]);

/** When an entry's certificates and DNS are checked next, and which run holds it (claim_token until claimed_until). */
export const domainMonitorState = pgTable("domain_monitor_state", {
  userDomainId: integer("user_domain_id").primaryKey().references(() => userDomains.id, { onDelete: "cascade" }),
  nextCheckAt: instant("next_check_at").notNull(),
  claimedUntil: instant("claimed_until"),
  claimToken: text("claim_token"),
  lastCheckedAt: instant("last_checked_at"),
}, (t) => [index("domain_monitor_state_due_idx").on(t.nextCheckAt)]);

/** A user's monitoring settings; no row means the defaults (certificate_offsets: days before a certificate ends, e.g. [14, 3, 1]). */
export const monitoringPreferences = pgTable("monitoring_preferences", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  certificateOffsets: json<number[]>("certificate_offsets").notNull(),
  updatedAt: instant("updated_at").notNull(),
});

/**
 * An administrator's transfer rule for a TLD pattern, replacing the bundled row of the same
 * pattern (db/seed/data/transfer-rules.json) or adding one. pattern: a catalogue name ("com",
 * "co.uk") or "*" for every TLD without its own row. Each save and removal is in admin_audit_log.
 */
export const transferRuleOverrides = pgTable("transfer_rule_overrides", {
  id: id(),
  pattern: text("pattern").notNull().unique(),
  /** A transfer adds a year to the registration (most gTLDs), or keeps the expiry date. */
  addsYear: bool("adds_year").notNull(),
  lockAfterRegistrationDays: integer("lock_after_registration_days").notNull(),
  lockAfterTransferDays: integer("lock_after_transfer_days").notNull(),
  /** A transfer must start at least this many days before expiry; null when nothing asks for a margin. */
  minDaysBeforeExpiry: integer("min_days_before_expiry"),
  sourceUrl: text("source_url").notNull(),
  /** The day the source was read, "YYYY-MM-DD". */
  sourceDate: isoDate("source_date").notNull(),
  note: text("note"),
  updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: instant("updated_at").notNull(),
  createdAt: createdAt(),
});

/**
 * A domain in its owner's transfer plan: the registrar it moves to and how far the move has got
 * (state: planned | unlocked | code_requested | started | done; done_at once it is done).
 */
export const domainTransferPlans = pgTable("domain_transfer_plans", {
  userDomainId: integer("user_domain_id").primaryKey().references(() => userDomains.id, { onDelete: "cascade" }),
  destinationProviderId: integer("destination_provider_id").references(() => serviceProviders.id, { onDelete: "set null" }),
  state: text("state").notNull().default("planned"),
  stateChangedAt: instant("state_changed_at").notNull(),
  doneAt: instant("done_at"),
  createdAt: createdAt(),
});

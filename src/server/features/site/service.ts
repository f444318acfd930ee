/** Deployment settings the client needs to render links and explain stale prices; nothing secret belongs here. */
import type { Config } from "../../config.ts";

export interface SiteSettings {
  /** null: no community chat is configured, so the pages show no chat link. */
  communityChatUrl: string | null;
  contactEmail: string | null;
  /** PRICE_STALE_DAYS: a price not confirmed within this many days is marked stale. */
  priceStaleDays: number;
}

export const getSiteSettings = (config: Config): SiteSettings => ({
  communityChatUrl: config.COMMUNITY_CHAT_URL ?? null,
  contactEmail: config.CONTACT_EMAIL ?? null,
  priceStaleDays: config.PRICE_STALE_DAYS,
});

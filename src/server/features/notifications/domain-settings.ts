/**
 * A portfolio domain's own notification switches (domain_notification_settings): per kind
 * (inherit the owner's setting, on, off) and per part under a kind (a DNS record type's mute,
 * a certificate host's). domain-switches.ts is the one rule that reads them; the planner of
 * domain events (domain-event-plan.ts) honours them.
 */
import type { Db } from "../../../../db/client.ts";
import { listDomainNotificationSettings, setDomainNotificationSettings } from "../../../../db/repositories/domain-event-repository.ts";
import { findUserDomain } from "../../../../db/repositories/user-domain-repository.ts";
import { domainKindOn, type DomainSwitchKind } from "../../../shared/domain-switches.ts";
import { DNS_RECORD_TYPES, domainSwitchKinds, type DomainNotificationSettingsInput, type SwitchSetting } from "../../../shared/schemas/domain-history.ts";
import { notFound } from "../../lib/errors.ts";
import { getPreferences } from "./preferences.ts";

export interface DomainKindSwitch {
  kind: DomainSwitchKind;
  label: string;
  /** The owner's setting for every domain (notification settings page). */
  ownerOn: boolean;
  /** This domain's own: inherit (the owner's decides), on or off. */
  setting: SwitchSetting;
  /** Whether this kind is told for this domain. */
  on: boolean;
}

export interface DomainNotificationSettings {
  kinds: DomainKindSwitch[];
  /** The parts' own switches ("dns:MX": "off"); a part without one follows its kind. */
  parts: Record<string, "on" | "off">;
  /** The DNS record types that can be muted one by one (when DNS changes are offered). */
  dnsRecordTypes: string[];
}

const settingOf = (own: ReadonlyMap<string, boolean> | undefined, key: string): SwitchSetting => {
  const v = own?.get(key);
  return v === undefined ? "inherit" : v ? "on" : "off";
};

export async function getDomainNotificationSettings(db: Db, user: { id: number; isAdmin: boolean }, userDomainId: number): Promise<DomainNotificationSettings> {
  if (!(await findUserDomain(db, user.id, userDomainId))) throw notFound("Domain not found");
  const [prefs, stored] = await Promise.all([getPreferences(db, user), listDomainNotificationSettings(db, [userDomainId])]);
  const own = stored.get(userDomainId);
  const kinds = domainSwitchKinds();
  const offered = new Set<string>(kinds.map((k) => k.kind));
  const parts: Record<string, "on" | "off"> = {};
  for (const [key, enabled] of own ?? []) if (key.includes(":")) parts[key] = enabled ? "on" : "off";
  return {
    kinds: kinds.map(({ kind, label }) => {
      const ownerOn = (prefs.enabledKinds as string[]).includes(kind);
      return { kind, label, ownerOn, setting: settingOf(own, kind), on: domainKindOn(ownerOn, own, kind) };
    }),
    parts,
    dnsRecordTypes: offered.has("dns_change") ? [...DNS_RECORD_TYPES] : [],
  };
}

/** Sets the switches given (validated by domainNotificationSettingsSchema), all or none. */
export async function updateDomainNotificationSettings(
  db: Db, user: { id: number; isAdmin: boolean }, userDomainId: number, input: DomainNotificationSettingsInput,
): Promise<DomainNotificationSettings> {
  if (!(await findUserDomain(db, user.id, userDomainId))) throw notFound("Domain not found");
  const changes = new Map(Object.entries(input.switches).map(([key, s]) => [key, s === "inherit" ? null : s === "on"]));
  await setDomainNotificationSettings(db, userDomainId, changes);
  return getDomainNotificationSettings(db, user, userDomainId);
}

/**
 * Who receives a kind of notification: a user with the kind on in their settings (saved, or by
 * default until they save their own; administrators' kinds only for administrators) and at least
 * one receiving channel (on, and for e-mail confirmed). Every planner asks here.
 */
import type { Db } from "../../../../db/client.ts";
import { listReceivingChannels, type ChannelRow } from "../../../../db/repositories/notification-channel-repository.ts";
import { listPreferences, listPreferencesWithKind, type PreferencesRow } from "../../../../db/repositories/notification-repository.ts";
import { KIND_SWITCHES } from "../../../shared/notification-switches.ts";
import type { NotificationKind } from "../../../shared/schemas/notifications.ts";
import { preferencesOf, type Preferences } from "./preferences.ts";

export interface Recipient {
  userId: number;
  prefs: Preferences;
  /** Their receiving channels, never empty. */
  channels: ChannelRow[];
  /** The kind is on in their settings (always, unless the audience asked for `evenIfOff`). */
  kindOn: boolean;
}

export interface Audience {
  /** Only these users (an empty list gives none); everyone when left out. */
  userIds?: number[];
  /** The users are administrators: their administrators' kinds count. */
  admins?: boolean;
  /** Channels this kind may use (General Settings can leave out e-mail), all when left out. */
  channel?: (channel: ChannelRow) => boolean;
  /**
   * Also the users with the kind off (kindOn false), for a caller whose own switch can decide
   * over the user's (a domain's switches, domain-switches.ts). Only with `userIds`.
   */
  evenIfOff?: boolean;
}

const offByDefault = (kind: NotificationKind) => KIND_SWITCHES.some((s) => s.kind === kind && s.offByDefault);

/** The receivers of `kind` among `audience`, by user id. */
export async function receiversFor(db: Db, kind: NotificationKind, audience: Audience = {}): Promise<Map<number, Recipient>> {
  let stored: PreferencesRow[];
  let channels: ChannelRow[];
  if (audience.userIds) {
    stored = await listPreferences(db, audience.userIds);
    channels = await listReceivingChannels(db, audience.userIds);
  } else if (offByDefault(kind)) {
    // Only a saved setting can have it on: read those rows, then their owners' channels.
    stored = await listPreferencesWithKind(db, kind);
    channels = await listReceivingChannels(db, stored.map((p) => p.userId));
  } else {
    channels = await listReceivingChannels(db);
    stored = await listPreferences(db, [...new Set(channels.map((c) => c.userId))]);
  }
  const byUser = new Map<number, ChannelRow[]>();
  for (const c of channels) {
    if (audience.channel && !audience.channel(c)) continue;
    const list = byUser.get(c.userId);
    if (list) list.push(c);
    else byUser.set(c.userId, [c]);
  }
  const storedOf = new Map(stored.map((p) => [p.userId, p]));
  const receivers = new Map<number, Recipient>();
  for (const [userId, own] of byUser) {
    const prefs = preferencesOf(storedOf.get(userId) ?? null, audience.admins ?? false);
    const kindOn = prefs.enabledKinds.includes(kind);
    if (kindOn || (audience.evenIfOff && audience.userIds)) receivers.set(userId, { userId, prefs, channels: own, kindOn });
  }
  return receivers;
}

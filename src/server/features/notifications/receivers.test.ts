import { beforeAll, expect, it } from "vitest";
import type { Db } from "../../../../db/client.ts";
import { confirmChannel, insertChannelWithinLimit, setChannelDisabled, type ChannelRow } from "../../../../db/repositories/notification-channel-repository.ts";
import { savePreferences } from "../../../../db/repositories/notification-repository.ts";
import { createUser } from "../../../../db/repositories/user-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { NotificationKind } from "../../../shared/schemas/notifications.ts";
import { receiversFor, type Audience } from "./receivers.ts";

let serial = 0;

async function user(db: Db, isAdmin = false) {
  const created = await createUser(db, { email: `receiver-${++serial}@example.com`, firstName: null, passwordHash: null, oidcSubject: null, isAdmin });
  return created!.id;
}

async function webhook(db: Db, userId: number) {
  const row = await insertChannelWithinLimit(db, { kind: "webhook", userId, url: `https://hooks.example/${++serial}`, format: "json", secret: null }, 10);
  return row as ChannelRow;
}

async function email(db: Db, userId: number, confirmed: boolean) {
  const hash = `hash-${++serial}`;
  const row = await insertChannelWithinLimit(db, { kind: "email", userId, email: `inbox-${serial}@example.com`, confirmTokenHash: hash, confirmExpiresAt: new Date(Date.now() + 86_400_000) }, 10);
  if (confirmed) await confirmChannel(db, hash, new Date());
  return row as ChannelRow;
}

const saveKinds = (db: Db, userId: number, enabledKinds: NotificationKind[]) => savePreferences(db, {
  userId, reminderOffsets: [30], deliveryModes: {}, enabledKinds, currency: "USD", renewalChangePercent: 10, renewalUndercutMinor: 200, updatedAt: new Date(),
});

forEachDialect("receiversFor: who receives a kind of notification", (getDb) => {
  // defaults: a webhook, settings never saved. unconfirmed: an e-mail address never confirmed.
  // chosen: saved settings (status incidents and expiry on), one channel off and one on.
  // admin: a webhook and a confirmed address, settings never saved.
  const who = { defaults: 0, unconfirmed: 0, chosen: 0, admin: 0 };
  const channel = { chosenOff: 0, chosenOn: 0, adminHook: 0, adminMail: 0 };
  /** The receivers among this test's users, as user → channel ids. */
  const of = async (kind: NotificationKind, audience?: Audience) => {
    const mine = new Set(Object.values(who));
    const found = await receiversFor(getDb(), kind, audience);
    return new Map([...found].filter(([id]) => mine.has(id)).map(([id, r]) => [id, r.channels.map((c) => c.id).sort((a, b) => a - b)]));
  };

  beforeAll(async () => {
    const db = getDb();
    who.defaults = await user(db);
    await webhook(db, who.defaults);
    who.unconfirmed = await user(db);
    await email(db, who.unconfirmed, false);
    who.chosen = await user(db);
    channel.chosenOff = (await webhook(db, who.chosen)).id;
    await setChannelDisabled(db, channel.chosenOff, new Date(), who.chosen);
    channel.chosenOn = (await email(db, who.chosen, true)).id;
    await saveKinds(db, who.chosen, ["status_incident", "expiry"]);
    who.admin = await user(db, true);
    channel.adminHook = (await webhook(db, who.admin)).id;
    channel.adminMail = (await email(db, who.admin, true)).id;
  });

  it("a kind on by default reaches everyone with a receiving channel who did not turn it off, over their receiving channels only", async () => {
    const expiry = await of("expiry");
    expect([...expiry.keys()].sort()).toEqual([who.defaults, who.chosen, who.admin].sort());
    expect(expiry.get(who.chosen)).toEqual([channel.chosenOn]);
    expect(expiry.get(who.admin)).toEqual([channel.adminHook, channel.adminMail].sort((a, b) => a - b));
    const renewal = await of("renewal_price");
    expect([...renewal.keys()].sort()).toEqual([who.defaults, who.admin].sort());
  });

  it("a kind off by default reaches only those who turned it on", async () => {
    expect([...(await of("status_incident")).keys()]).toEqual([who.chosen]);
  });

  it("the administrators' kind reaches administrators asked for as such, over the channels allowed", async () => {
    expect((await of("operator_incident", { userIds: [who.defaults, who.admin] })).size).toBe(0);
    const admins = await of("operator_incident", { userIds: [who.admin], admins: true, channel: (c) => c.kind !== "email" });
    expect([...admins]).toEqual([[who.admin, [channel.adminHook]]]);
  });

  it("given users, only those of them; an empty list reaches no one", async () => {
    expect([...(await of("account_trouble", { userIds: [who.unconfirmed, who.defaults] })).keys()]).toEqual([who.defaults]);
    expect((await of("account_trouble", { userIds: [who.chosen] })).size).toBe(0);
    expect((await receiversFor(getDb(), "expiry", { userIds: [] })).size).toBe(0);
  });
});

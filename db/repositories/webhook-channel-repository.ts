import { count, eq } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import { channelColumns, type ChannelRow } from "./notification-channel-repository.ts";
import { lockUserRow } from "./user-repository.ts";

/**
 * Stores a webhook channel unless the user already holds `max` channels of any kind (null then);
 * the count and the insert are one transaction with the user's row locked.
 */
export async function insertWebhookChannelWithinLimit(
  handle: Db, values: { userId: number; url: string; format: string; secret: string | null }, max: number,
): Promise<ChannelRow | null> {
  const c = handle.t.notificationChannels;
  return handle.transaction(function* (tx) {
    yield* lockUserRow(handle, tx, values.userId);
    const [held] = yield* exec(tx.select({ n: count() }).from(c).where(eq(c.userId, values.userId)));
    if (Number(held?.n ?? 0) >= max) return null;
    const [row] = yield* exec(tx.insert(c).values({ ...values, kind: "webhook" }).returning(channelColumns(handle)));
    if (!row) throw new Error("channel insert returned no row");
    return row;
  });
}

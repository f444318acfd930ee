/**
 * The queued work that belongs to one user, by the id its job data names: what closing an
 * account cancels. Written here, beside jobs.ts where the features register those queues, so a
 * feature that adds a per-user queue adds it to this list too.
 */
import { SYNC_QUEUE } from "./features/accounts/deps.ts";
import { DELIVER_QUEUE, DIGEST_QUEUE } from "./features/notifications/deps.ts";
import { WATCH_CHECK_QUEUE } from "./features/notifications/watched-tlds.ts";

/** Which ids of the user's rows a queue's jobs name, and under which field of their data. */
export type UserWorkIds = Record<"accountIds" | "deliveryIds" | "channelIds" | "watchIds", number[]>;

export const USER_OWNED_JOBS: readonly { queue: string; field: string; ids: keyof UserWorkIds }[] = [
  { queue: SYNC_QUEUE, field: "accountId", ids: "accountIds" },
  { queue: DELIVER_QUEUE, field: "deliveryId", ids: "deliveryIds" },
  { queue: DIGEST_QUEUE, field: "channelId", ids: "channelIds" },
  { queue: WATCH_CHECK_QUEUE, field: "watchId", ids: "watchIds" },
];

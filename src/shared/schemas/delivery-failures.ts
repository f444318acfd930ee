import { z } from "zod";

/** Most rows on one page of the administrators' delivery failures. */
export const DELIVERY_FAILURES_MAX_PAGE_SIZE = 100;

const PAGE = "page must be a whole number from 1";
const PAGE_SIZE = `pageSize must be a whole number from 1 to ${DELIVERY_FAILURES_MAX_PAGE_SIZE}`;

/** Paging of GET /api/admin/notification-deliveries and notifications.adminFailures. */
export const deliveryFailuresQuerySchema = z.object({
  page: z.coerce.number({ error: PAGE }).int(PAGE).min(1, PAGE).max(1_000_000, "page is too large").default(1),
  pageSize: z.coerce.number({ error: PAGE_SIZE }).int(PAGE_SIZE).min(1, PAGE_SIZE).max(DELIVERY_FAILURES_MAX_PAGE_SIZE, PAGE_SIZE).default(20),
});

export type DeliveryFailuresQuery = z.infer<typeof deliveryFailuresQuerySchema>;

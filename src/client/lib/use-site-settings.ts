import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "./trpc.ts";

/**
 * The deployment's community chat link and contact address (server config COMMUNITY_CHAT_URL,
 * CONTACT_EMAIL). Each is null when unset, or while the answer is on its way: a link appears
 * only once the server has said where it goes. priceStaleDays (PRICE_STALE_DAYS) is null
 * until the answer arrives, too.
 */
export function useSiteSettings(): { communityChatUrl: string | null; contactEmail: string | null; priceStaleDays: number | null } {
  const trpc = useTRPC();
  const query = useQuery(trpc.site.settings.queryOptions());
  return {
    communityChatUrl: query.data?.communityChatUrl ?? null,
    contactEmail: query.data?.contactEmail ?? null,
    priceStaleDays: query.data?.priceStaleDays ?? null,
  };
}

import { useQuery } from "@tanstack/react-query";
import { DEFAULT_GENERAL_SETTINGS } from "../../../shared/schemas/general-settings.ts";
import { useTRPC } from "../../lib/trpc.ts";

/**
 * The General Settings' auto-refresh interval and page size, as the admin lists use them. `ready`
 * is false until the stored settings answered (or failed: then the spec's defaults stand), so a
 * list asks for its first page once, at the stored size.
 */
export function useAdminDefaults() {
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.priceEngine.generalSettings.get.queryOptions(), staleTime: 60_000 });
  const { autoRefreshSeconds, itemsPerPage } = settings.data ?? DEFAULT_GENERAL_SETTINGS;
  return { ready: !settings.isPending, refreshSeconds: autoRefreshSeconds, pageSize: itemsPerPage };
}

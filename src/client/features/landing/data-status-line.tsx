import { Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { LuClock } from "react-icons/lu";
import { useHydrated } from "../../lib/hydration.ts";
import { useTRPC } from "../../lib/trpc.ts";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * US English, long month, 12-hour clock (spec section 4): "November 22, 2026 at 5:05 AM", the
 * same text as toLocaleString("en-US", { year, month: "long", day, hour, minute }). Written out
 * because creating the first Intl.DateTimeFormat loads locale data: tens of milliseconds of
 * main-thread time on a phone, right while the landing page renders. Local time, or UTC.
 */
export function formatDataDate(iso: string, zone: "local" | "UTC" = "local"): string {
  const date = new Date(iso);
  const utc = zone === "UTC";
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  const month = MONTHS[utc ? date.getUTCMonth() : date.getMonth()];
  const day = utc ? date.getUTCDate() : date.getDate();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const clock = `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
  return `${month} ${day}, ${year} at ${clock}`;
}

type DataStatus = { lastUpdated: string | null; isDataUpdate: boolean; provider: string | null } | undefined;

const NO_LIVE_FETCH_TEXT = "No live price fetch yet: prices come from the bundled price lists";

/**
 * The specification's line: "Data last updated {date}" once a live price source was fetched
 * (re-applied bundled lists do not count: the server decides, decision 030), else "System
 * deployed {date}", the day the bundled data was installed (decision 045). In UTC (marked so)
 * until the browser's time zone is known: the server's render and hydration.
 */
export function dataStatusText(status: "pending" | "error" | "success", data: DataStatus, zone: "local" | "UTC" = "local"): string {
  if (status === "pending") return "Loading data status...";
  if (status === "error" || !data) return "Data status unavailable";
  if (!data.lastUpdated || Number.isNaN(Date.parse(data.lastUpdated))) return NO_LIVE_FETCH_TEXT;
  const date = zone === "UTC" ? `${formatDataDate(data.lastUpdated, "UTC")} UTC` : formatDataDate(data.lastUpdated);
  if (!data.isDataUpdate) return `System deployed ${date} (prices from the bundled price lists)`;
  return `Data last updated ${date}${data.provider ? ` (live prices from ${data.provider})` : ""}`;
}

export function DataStatusLine() {
  const trpc = useTRPC();
  const query = useQuery(trpc.catalogue.dataStatus.queryOptions());
  const hydrated = useHydrated();
  return (
    <Text role="status" color="fg.muted" fontSize="sm" textAlign="center">
      <LuClock aria-hidden style={{ display: "inline", verticalAlign: "-2px", marginInlineEnd: "6px" }} />
      {dataStatusText(query.status, query.data, hydrated ? "local" : "UTC")}
    </Text>
  );
}

import type { RouterOutputs } from "../../lib/trpc.ts";

export type AccountOverview = RouterOutputs["account"]["overview"];
export type AccountSession = AccountOverview["sessions"][number];

/** "Nov 23, 2026, 14:05" in the visitor's time zone. */
export const formatWhen = (value: string | Date | null | undefined) =>
  value ? new Date(value).toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit" }) : "Never";

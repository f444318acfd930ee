/** Portfolio shapes as the server sends them (inferred from the tRPC router, never restated). */
import type { RouterOutputs } from "../../lib/trpc.ts";

export type UserDomain = RouterOutputs["portfolio"]["list"]["data"][number];
export type PortfolioPage = RouterOutputs["portfolio"]["list"];
export type PortfolioSummary = RouterOutputs["portfolio"]["summary"];
export type ExpiringDomain = PortfolioSummary["expiring"]["within30"][number];
export type ImportReport = RouterOutputs["portfolio"]["importCsv"];
export type Provider = RouterOutputs["providers"]["list"][number];
export type RenewalForecast = RouterOutputs["portfolio"]["forecast"];
export type TransferVerdict = RouterOutputs["portfolio"]["transfer"]["verdict"];
export type TransferPlan = RouterOutputs["portfolio"]["transfer"]["plan"];

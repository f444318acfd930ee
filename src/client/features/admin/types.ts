/** Admin shapes as the server sends them (inferred from the tRPC routers, never restated). */
import type { RouterOutputs } from "../../lib/trpc.ts";

type Engine = RouterOutputs["priceEngine"];
export type Overview = Engine["overview"];
export type PriceLog = Engine["priceLogs"]["logs"][number];
export type FetchStatus = Engine["fetchStatus"];
export type PriceSourceRow = Engine["sources"][number];
export type Incident = Engine["incidents"]["list"]["incidents"][number];
export type AlertRule = Engine["alertRules"]["list"][number];
export type Schedule = Engine["schedules"]["list"][number];
export type AdminProvider = RouterOutputs["providers"]["adminList"][number];
export type DeliveryFailure = RouterOutputs["notifications"]["adminFailures"]["deliveries"][number];

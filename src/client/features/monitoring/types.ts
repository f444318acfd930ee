/** Monitoring shapes as the server sends them (inferred from the tRPC router, never restated). */
import type { RouterOutputs } from "../../lib/trpc.ts";

export type MonitoringView = RouterOutputs["monitoring"]["get"];
export type CertificateView = MonitoringView["certificates"][number];
export type DnsView = MonitoringView["dns"][number];

import { Badge } from "@chakra-ui/react";

type Palette = "gray" | "blue" | "green" | "orange" | "red" | "purple";

const LOG_STATUS: Record<string, Palette> = { success: "green", error: "red", pending: "blue", timeout: "orange", failed: "red", stuck: "orange" };
const SEVERITY: Record<string, Palette> = { low: "gray", medium: "blue", high: "orange", critical: "red" };
const INCIDENT_STATUS: Record<string, Palette> = { open: "red", investigating: "orange", resolved: "green", closed: "gray" };

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function Tag({ palette, children }: { palette: Palette; children: string }) {
  return <Badge colorPalette={palette} variant="subtle" textTransform="none">{children}</Badge>;
}

export const LogStatusBadge = ({ status }: { status: string }) => <Tag palette={LOG_STATUS[status] ?? "gray"}>{capitalise(status)}</Tag>;

/**
 * A price log entry's status. An entry that failed without reading any source is a provider that
 * had none to read (no key set, no list): "Not configured", in grey, not an error.
 */
export function PriceLogBadge({ log }: { log: { status: string; source: string | null } }) {
  if (log.status === "error" && log.source === null) return <Tag palette="gray">Not configured</Tag>;
  return <LogStatusBadge status={log.status} />;
}
export const SeverityBadge = ({ severity }: { severity: string }) => <Tag palette={SEVERITY[severity] ?? "gray"}>{capitalise(severity)}</Tag>;
export const IncidentStatusBadge = ({ status }: { status: string }) => <Tag palette={INCIDENT_STATUS[status] ?? "gray"}>{capitalise(status)}</Tag>;
export const ActiveBadge = ({ active }: { active: boolean }) => <Tag palette={active ? "green" : "gray"}>{active ? "Active" : "Inactive"}</Tag>;

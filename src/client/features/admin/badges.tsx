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
export const SeverityBadge = ({ severity }: { severity: string }) => <Tag palette={SEVERITY[severity] ?? "gray"}>{capitalise(severity)}</Tag>;
export const IncidentStatusBadge = ({ status }: { status: string }) => <Tag palette={INCIDENT_STATUS[status] ?? "gray"}>{capitalise(status)}</Tag>;
export const ActiveBadge = ({ active }: { active: boolean }) => <Tag palette={active ? "green" : "gray"}>{active ? "Active" : "Inactive"}</Tag>;

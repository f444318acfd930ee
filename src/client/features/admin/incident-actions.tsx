import { Button, HStack } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { IncidentStatus } from "../../../shared/schemas/admin.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ADMIN_MESSAGES, notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import type { Incident } from "./types.ts";

/**
 * The moves the server allows (price-engine/incidents.ts): open → investigating → resolved →
 * closed, where investigating may be skipped and closed is final.
 */
export const NEXT_STATUSES: Record<IncidentStatus, readonly IncidentStatus[]> = {
  open: ["investigating", "resolved"],
  investigating: ["resolved"],
  resolved: ["closed"],
  closed: [],
};
const LABELS: Record<IncidentStatus, string> = { open: "Reopen", investigating: "Investigate", resolved: "Resolve", closed: "Close" };

/** Buttons that move one incident along. */
export function IncidentActions({ incident }: { incident: Incident }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.priceEngine.incidents.updateStatus.mutationOptions({
    onSuccess: (changed) => {
      notifyAdminSuccess(ADMIN_MESSAGES.incidentUpdated, `"${changed.title}" is now ${changed.status}.`);
      void queryClient.invalidateQueries(trpc.priceEngine.incidents.list.pathFilter());
    },
    onError: (error) => notifyAdminFailure(ADMIN_MESSAGES.incidentUpdateFailed, error),
  }));
  const next = NEXT_STATUSES[incident.status];
  if (next.length === 0) return <span aria-label="No further action">—</span>;
  return (
    <HStack gap="2">
      {next.map((status) => (
        <Button key={status} size="xs" variant="outline" disabled={update.isPending}
          aria-label={`${LABELS[status]} incident: ${incident.title}`} onClick={() => update.mutate({ id: incident.id, status })}>
          {LABELS[status]}
        </Button>
      ))}
    </HStack>
  );
}

import { Button, Code, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminTable } from "./admin-table.tsx";
import { ADMIN_MESSAGES, notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import { formatMomentUtc } from "../../../shared/time-format.ts";
import { formatDateTime } from "./format.ts";

const COLUMNS = ["Job", "Schedule (UTC)", "Next run", "Last run", ""] as const;
const STATE_TEXT = { queued: "Queued", active: "Running", completed: "Completed", failed: "Failed", cancelled: "Cancelled" } as const;

/**
 * Operations: every scheduled job (reminders, registry re-checks, rates, price schedules…) with
 * its next tick and last run, each runnable now. A run already queued or running is refused by
 * the server, so a job never runs twice at once however many times the button is pressed.
 */
export function ScheduledJobsTable({ pollMs }: { pollMs: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const jobs = useQuery({ ...trpc.priceEngine.scheduledJobs.list.queryOptions(), refetchInterval: pollMs });
  const runNow = useMutation(trpc.priceEngine.scheduledJobs.runNow.mutationOptions({
    onSuccess: (answer) => {
      notifyAdminSuccess(ADMIN_MESSAGES.jobQueued, answer.message);
      void queryClient.invalidateQueries(trpc.priceEngine.scheduledJobs.list.queryFilter());
    },
    onError: (error) => notifyAdminFailure(ADMIN_MESSAGES.jobRunFailed, error),
  }));
  return (
    <AdminTable caption="Scheduled jobs" columns={COLUMNS} status={jobs.status} isEmpty={!jobs.data?.length}
      errorText={`Failed to load scheduled jobs${jobs.error ? `: ${jobs.error.message}` : ""}`} emptyText="No scheduled jobs yet">
      {jobs.data?.map((job) => {
        const busy = job.lastRun?.state === "queued" || job.lastRun?.state === "active";
        const starting = runNow.isPending && runNow.variables.name === job.name;
        return (
          <Table.Row key={job.name}>
            <Table.Cell>
              <Stack gap="0.5">
                <Text fontWeight="medium">{job.title}</Text>
                <Code size="sm" w="fit-content">{job.name}</Code>
              </Stack>
            </Table.Cell>
            <Table.Cell><Code>{job.cron}</Code></Table.Cell>
            {/* In UTC, the zone the schedule beside it is in, so the two read alike. */}
            <Table.Cell whiteSpace="nowrap">{job.nextRunAt ? formatMomentUtc(job.nextRunAt) : "Never"}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">
              {job.lastRun ? `${STATE_TEXT[job.lastRun.state]}${job.lastRun.finishedAt ? ` · ${formatDateTime(job.lastRun.finishedAt)}` : ""}` : "Never"}
            </Table.Cell>
            <Table.Cell>
              <Button size="sm" variant="outline" disabled={busy || starting} aria-label={`Run ${job.title} now`}
                title={busy ? "A run is queued or running" : undefined} onClick={() => runNow.mutate({ name: job.name })}>
                {starting ? "Starting…" : busy ? "Running…" : "Run now"}
              </Button>
            </Table.Cell>
          </Table.Row>
        );
      })}
    </AdminTable>
  );
}

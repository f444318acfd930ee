import { Badge, Box, Button, DataList, Heading, List, Skeleton, Stack, Text } from "@chakra-ui/react";
import { formatDateTime } from "./format.ts";
import type { FetchStatus } from "./types.ts";

interface FetchStatusPanelProps {
  status: FetchStatus | undefined;
  isError: boolean;
  errorText: string | undefined;
  /** Cancels the running fetch of a provider, by name; absent for a job whose provider is unknown. */
  cancelFor: (providerName: string) => (() => void) | undefined;
  cancelling: string | null;
}

/** Spec section 2, Operations: fetch state, job counts, last completion and the running jobs. */
export function FetchStatusPanel({ status, isError, errorText, cancelFor, cancelling }: FetchStatusPanelProps) {
  if (isError && !status) return <Text color="fg.error" role="alert">Failed to load fetch status{errorText ? `: ${errorText}` : ""}</Text>;
  if (!status) return <Skeleton h="32" data-testid="status-skeleton" />;
  return (
    <Stack gap="4">
      <DataList.Root orientation="horizontal" size="md">
        <DataList.Item>
          <DataList.ItemLabel>Fetch state</DataList.ItemLabel>
          <DataList.ItemValue>
            <Badge colorPalette={status.isActive ? "green" : "gray"} variant="solid">{status.isActive ? "Active" : "Idle"}</Badge>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Active jobs</DataList.ItemLabel>
          <DataList.ItemValue>{status.activeJobs.length}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Queue size</DataList.ItemLabel>
          <DataList.ItemValue>{status.queueSize}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Last completed</DataList.ItemLabel>
          <DataList.ItemValue>{status.lastCompleted ? formatDateTime(status.lastCompleted) : "Never"}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {isError && <Text color="fg.error" role="alert" fontSize="sm">Fetch status could not be refreshed; these figures may be out of date.</Text>}
      <Box>
        <Heading as="h3" size="sm" mb="2">Running jobs</Heading>
        {status.activeJobs.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">No fetch is running.</Text>
        ) : (
          <List.Root variant="plain" gap="2" aria-label="Running jobs">
            {status.activeJobs.map((job) => {
              const cancel = cancelFor(job.provider);
              return (
                <List.Item key={`${job.provider}-${job.startedAt}`} display="flex" gap="3" alignItems="center" flexWrap="wrap">
                  <Text fontWeight="medium">{job.provider}</Text>
                  <Badge variant="outline">{job.type}</Badge>
                  <Text fontSize="sm" color="fg.muted">started {formatDateTime(job.startedAt)}</Text>
                  {cancel && (
                    <Button size="xs" variant="outline" colorPalette="red" onClick={cancel} disabled={cancelling === job.provider}
                      aria-label={`Cancel the fetch of ${job.provider}`}>
                      {cancelling === job.provider ? "Cancelling…" : "Cancel"}
                    </Button>
                  )}
                </List.Item>
              );
            })}
          </List.Root>
        )}
      </Box>
    </Stack>
  );
}

/**
 * How far the registry's first look at the newest domains has got, after an import or while
 * domains are being added: "Registry checks: 214 of 300 checked". Asked again every few
 * seconds while some are waiting; nothing shows once all have been looked up.
 */
import { Progress, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { formatCount } from "../../lib/text-format.ts";
import { useTRPC } from "../../lib/trpc.ts";

export const PROGRESS_POLL_MS = 2000;

export function RegistryProgress() {
  const trpc = useTRPC();
  const progress = useQuery({
    ...trpc.portfolio.registryProgress.queryOptions(),
    refetchInterval: (query) => (query.state.data ? PROGRESS_POLL_MS : false),
  });
  const data = progress.data;
  if (!data) return null;
  const label = `Registry checks: ${formatCount(data.checked)} of ${formatCount(data.total)} checked`;
  return (
    <Stack gap="1" role="status" aria-live="polite">
      <Text fontSize="sm">{label}</Text>
      <Progress.Root value={data.checked} max={data.total} size="sm" aria-label={label}>
        <Progress.Track><Progress.Range /></Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

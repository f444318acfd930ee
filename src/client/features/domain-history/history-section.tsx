import { Badge, Box, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { formatDateTime } from "../../lib/date-format.ts";
import { useTRPC, type RouterOutputs } from "../../lib/trpc.ts";

type HistoryEvent = RouterOutputs["portfolio"]["history"]["events"][number];

const PAGE = 20;
const CATEGORY_WORDS: Record<HistoryEvent["category"], string> = { registry: "Registry", certificate: "Certificate", dns: "DNS" };

function EventLine({ event }: { event: HistoryEvent }) {
  const check = event.kind === "registry_check";
  return (
    <Box as="li" listStyleType="none" borderTopWidth="1px" py="2" data-testid="history-event" data-kind={event.kind}>
      <HStack gap="2" wrap="wrap" alignItems="baseline">
        <Text asChild fontSize="sm" color="fg.muted"><time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time></Text>
        <Badge size="sm" variant="outline">{CATEGORY_WORDS[event.category]}{event.subject ? ` · ${event.subject}` : ""}</Badge>
        {!check && (event.severity === "alarm"
          ? <Badge size="sm" colorPalette="red">Warning</Badge>
          : <Badge size="sm" colorPalette="blue">Information</Badge>)}
      </HStack>
      <Text fontSize="sm" color={check ? "fg.muted" : undefined} mt="1">{event.text}</Text>
    </Box>
  );
}

/** One page of the history; the last one shown offers the next (older) page. */
function HistoryPage({ domainId, before, last, onOlder }: { domainId: number; before?: number; last: boolean; onOlder: (before: number) => void }) {
  const trpc = useTRPC();
  const page = useQuery(trpc.portfolio.history.queryOptions({ id: domainId, limit: PAGE, ...(before ? { before } : {}) }));
  if (page.isPending) return <Text fontSize="sm" color="fg.muted">Loading the history…</Text>;
  if (page.isError) return <Text fontSize="sm" color="fg.error">The history could not be loaded: {page.error.message}</Text>;
  const { events, nextBefore } = page.data;
  return (
    <>
      {events.length === 0 && before === undefined && <Text fontSize="sm" color="fg.muted">Nothing yet: the first registry check will appear here.</Text>}
      {events.map((e) => <EventLine key={e.id} event={e} />)}
      {last && nextBefore !== null && (
        <Box as="li" listStyleType="none" pt="2"><Button size="sm" variant="outline" onClick={() => onOlder(nextBefore)}>Show older</Button></Box>
      )}
    </>
  );
}

/**
 * The domain's history, newest first: every registry check and every change found, dated, with
 * the old and new values in words. `checkedAt` (the registry record's last check) refetches it
 * when a check ends.
 */
export function HistorySection({ domainId, checkedAt }: { domainId: number; checkedAt: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  useEffect(() => {
    void queryClient.invalidateQueries(trpc.portfolio.history.pathFilter());
  }, [checkedAt, queryClient, trpc]);
  return (
    <Stack as="section" gap="2" aria-labelledby="domain-history">
      <Heading as="h2" size="md" id="domain-history">History</Heading>
      <Stack as="ol" gap="0" ps="0" m="0">
        {cursors.map((before, i) => (
          <HistoryPage key={before ?? "newest"} domainId={domainId} before={before} last={i === cursors.length - 1} onOlder={(next) => setCursors([...cursors, next])} />
        ))}
      </Stack>
    </Stack>
  );
}

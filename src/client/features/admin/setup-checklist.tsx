import { Box, Button, Card, Flex, Heading, Link, List, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LuCircle, LuCircleCheck } from "react-icons/lu";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import { readmeLink } from "./price-sources-table.tsx";

type Checklist = RouterOutputs["priceEngine"]["setupChecklist"]["get"];
type Item = Checklist["items"][number];

function ChecklistRow({ item, onConfirmBackups, confirming }: { item: Item; onConfirmBackups: () => void; confirming: boolean }) {
  return (
    <List.Item display="flex" gap="3" alignItems="flex-start" data-done={item.done}>
      <Box as="span" color={item.done ? "fg.success" : "fg.muted"} mt="1" flexShrink={0}>
        {item.done ? <LuCircleCheck aria-hidden /> : <LuCircle aria-hidden />}
      </Box>
      <Stack gap="0.5" minW="0">
        <Text fontWeight="medium">
          {item.title} <Text as="span" srOnly>{item.done ? "(done)" : "(to do)"}</Text>
        </Text>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">{item.state}</Text>
        <Flex gap="3" wrap="wrap" fontSize="sm">
          <Link href={readmeLink(item.readmeSection)} target="_blank" color="fg.info">README: {item.readmeSection}</Link>
          {item.id === "backups" && !item.done && (
            <Button size="xs" variant="outline" onClick={onConfirmBackups} disabled={confirming}>Backups are set up</Button>
          )}
        </Flex>
      </Stack>
    </List.Item>
  );
}

/** The first-run checklist, above the overview until every item is done or an administrator dismisses it. */
export function SetupChecklist() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const checklist = useQuery(trpc.priceEngine.setupChecklist.get.queryOptions());
  const refresh = () => queryClient.invalidateQueries(trpc.priceEngine.setupChecklist.get.queryFilter());
  const dismiss = useMutation(trpc.priceEngine.setupChecklist.dismiss.mutationOptions({
    onSuccess: (answer) => {
      notifyAdminSuccess("Setup checklist dismissed", answer.message);
      void refresh();
    },
    onError: (error) => notifyAdminFailure("Failed to dismiss the setup checklist", error),
  }));
  const backups = useMutation(trpc.priceEngine.setupChecklist.confirmBackups.mutationOptions({
    onSuccess: () => void refresh(),
    onError: (error) => notifyAdminFailure("Failed to mark backups as set up", error),
  }));
  const data = checklist.data;
  if (!data?.show) return null;
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="setup-checklist">
      <Card.Header>
        <Flex gap="3" justify="space-between" align={{ base: "stretch", sm: "center" }} direction={{ base: "column", sm: "row" }}>
          <div>
            <Heading as="h2" id="setup-checklist" size="lg">Finish setting up</Heading>
            <Text fontSize="sm" color="fg.muted">{data.done} of {data.items.length} done</Text>
          </div>
          <Button size="sm" variant="ghost" onClick={() => dismiss.mutate()} disabled={dismiss.isPending}>Dismiss</Button>
        </Flex>
      </Card.Header>
      <Card.Body>
        <List.Root variant="plain" gap="3" aria-label="Setup checklist">
          {data.items.map((item) => (
            <ChecklistRow key={item.id} item={item} onConfirmBackups={() => backups.mutate()} confirming={backups.isPending} />
          ))}
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}

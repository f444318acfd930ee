/**
 * Whether a domain renews automatically, on its card: a badge when it is known, and when nobody
 * has said (added by its name alone, a CSV without the column), the question with a one-click
 * answer. Until it is answered its renewal counts as "expected if it renews", never in the totals.
 */
import { Badge, Button, HStack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { useInvalidatePortfolio } from "./domain-dialogs.tsx";
import { notifyFailure, notifySuccess } from "../../lib/mutation-toasts.ts";
import type { UserDomain } from "./types.ts";

export function AutoRenewBadge({ domain }: { domain: UserDomain }) {
  if (domain.autoRenewState === "unknown") return <Badge colorPalette="yellow">Auto-renew unknown</Badge>;
  return <Badge colorPalette={domain.autoRenewState === "on" ? "green" : "gray"}>{domain.autoRenewState === "on" ? "Auto-renew on" : "Auto-renew off"}</Badge>;
}

export function AutoRenewQuestion({ domain }: { domain: UserDomain }) {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  const answer = useMutation(trpc.portfolio.update.mutationOptions({
    onSuccess: (saved) => {
      notifySuccess(saved.autoRenewState === "on" ? `${saved.unicodeName ?? saved.domainName} renews automatically` : `${saved.unicodeName ?? saved.domainName} does not renew automatically`);
      void invalidate();
    },
    onError: (error) => notifyFailure("Could not save the answer", error, error.message),
  }));
  if (domain.autoRenewState !== "unknown") return null;
  const id = `renews-${domain.id}`;
  return (
    <HStack role="group" aria-labelledby={id} gap="2" wrap="wrap" borderWidth="1px" borderColor="yellow.emphasized" rounded="md" px="3" py="2">
      <Text id={id} fontSize="sm" flex="1" minW="40">Does this renew automatically?</Text>
      <Button size="xs" colorPalette="green" variant="outline" loading={answer.isPending && answer.variables?.autoRenewState === "on"}
        disabled={answer.isPending} onClick={() => answer.mutate({ id: domain.id, autoRenewState: "on" })}>Yes</Button>
      <Button size="xs" variant="outline" loading={answer.isPending && answer.variables?.autoRenewState === "off"}
        disabled={answer.isPending} onClick={() => answer.mutate({ id: domain.id, autoRenewState: "off" })}>No</Button>
    </HStack>
  );
}

import { Alert, Button, HStack } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { useInvalidatePortfolio } from "./domain-dialogs.tsx";
import { formatDay } from "./format.ts";
import { notifyFailure, notifySuccess } from "../../lib/mutation-toasts.ts";
import { MESSAGES } from "./mutation-feedback.ts";
import type { UserDomain } from "./types.ts";

interface DepartedNoticeProps {
  domain: UserDomain;
  /** Opens the remove confirmation (the same one as the card's remove button). */
  onRemove: (domain: UserDomain) => void;
}

/**
 * A domain its registrar account stopped listing at a sync (transferred away, expired,
 * deleted): the owner removes it, or keeps it as hand-added, detached from the account.
 */
export function DepartedNotice({ domain, onRemove }: DepartedNoticeProps) {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  const keep = useMutation(trpc.portfolio.keepAsHandAdded.mutationOptions({
    onSuccess: () => {
      notifySuccess(MESSAGES.kept);
      void invalidate();
    },
    onError: (error) => notifyFailure(MESSAGES.keepFailed, error, error.message),
  }));
  if (!domain.departedAt || !domain.registrarAccount) return null;
  return (
    <Alert.Root status="warning" size="sm" flexDirection="column" alignItems="stretch" gap="2">
      <HStack gap="2" alignItems="flex-start">
        <Alert.Indicator />
        <Alert.Title>No longer in {domain.registrarAccount.label} since {formatDay(domain.departedAt)}</Alert.Title>
      </HStack>
      <HStack gap="2" justifyContent="flex-end" wrap="wrap">
        <Button size="xs" variant="outline" onClick={() => onRemove(domain)} aria-label={`Remove ${domain.domainName} from the portfolio`}>
          Remove
        </Button>
        <Button size="xs" variant="solid" loading={keep.isPending} loadingText="Keeping…" onClick={() => keep.mutate({ id: domain.id })}>
          Keep as hand-added
        </Button>
      </HStack>
    </Alert.Root>
  );
}

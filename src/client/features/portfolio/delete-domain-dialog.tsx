import { Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { useInvalidatePortfolio } from "./domain-dialogs.tsx";
import { notifyFailure, notifySuccess } from "../../lib/mutation-toasts.ts";
import { MESSAGES } from "./mutation-feedback.ts";
import type { UserDomain } from "./types.ts";

interface DeleteDomainDialogProps {
  /** Kept by the caller after closing, so the title does not go blank during the exit animation. */
  domain: UserDomain | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the domain is removed (its own page goes back to the portfolio). */
  onRemoved?: () => void;
}

/** Spec section 2: removing asks first. */
export function DeleteDomainDialog({ domain, open, onOpenChange, onRemoved }: DeleteDomainDialogProps) {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  const remove = useMutation(trpc.portfolio.remove.mutationOptions({
    onSuccess: () => {
      notifySuccess(MESSAGES.removed);
      onRemoved?.();
      void invalidate();
    },
    // Nothing else is on screen to carry the reason, so the toast says it.
    onError: (error) => notifyFailure(MESSAGES.removeFailed, error, error.message),
    onSettled: () => onOpenChange(false),
  }));
  return (
    <ConfirmDialog title={`Remove ${domain ? (domain.unicodeName ?? domain.domainName) : ""}?`} open={open} onOpenChange={onOpenChange}
      confirmLabel="Remove" pendingLabel="Removing…" pending={remove.isPending} onConfirm={() => domain && remove.mutate({ id: domain.id })}>
      <Text>Are you sure you want to remove this domain from your portfolio?</Text>
    </ConfirmDialog>
  );
}

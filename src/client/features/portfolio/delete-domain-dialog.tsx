import { Button, Dialog, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { AppDialog } from "../../components/ui/app-dialog.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { useInvalidatePortfolio } from "./domain-dialogs.tsx";
import { MESSAGES, notifyFailure, notifySuccess } from "./mutation-feedback.ts";
import type { UserDomain } from "./types.ts";

interface DeleteDomainDialogProps {
  /** Kept by the caller after closing, so the title does not go blank during the exit animation. */
  domain: UserDomain | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec section 2: removing asks first. An alertdialog, so focus starts on the safe choice. */
export function DeleteDomainDialog({ domain, open, onOpenChange }: DeleteDomainDialogProps) {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  const remove = useMutation(trpc.portfolio.remove.mutationOptions({
    onSuccess: () => {
      notifySuccess(MESSAGES.removed);
      void invalidate();
    },
    // Nothing else is on screen to carry the reason, so the toast says it.
    onError: (error) => notifyFailure(MESSAGES.removeFailed, error, error.message),
    onSettled: () => onOpenChange(false),
  }));
  return (
    <AppDialog
      role="alertdialog"
      title={`Remove ${domain?.domainName ?? ""}?`}
      open={open}
      onOpenChange={onOpenChange}
      size={{ base: "xs", sm: "sm" }}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button colorPalette="red" disabled={remove.isPending} onClick={() => domain && remove.mutate({ id: domain.id })}>
            {remove.isPending ? "Removing…" : "Remove"}
          </Button>
        </>
      }
    >
      <Text>Are you sure you want to remove this domain from your portfolio?</Text>
    </AppDialog>
  );
}

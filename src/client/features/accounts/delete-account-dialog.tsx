import { Button, Dialog, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AppDialog } from "../../components/ui/app-dialog.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { notifyFailure, notifySuccess } from "../../lib/mutation-toasts.ts";
import { ACCOUNT_MESSAGES } from "./account-feedback.ts";
import type { RegistrarAccount } from "./types.ts";

const domains = (n: number) => `${n} ${n === 1 ? "domain" : "domains"}`;

/** Says how many portfolio entries go with the account, and which hand-added ones stay. */
export function deleteSummary(account: RegistrarAccount): string {
  const kept = account.domainCount - account.removableDomainCount;
  const gone = `This also removes all associated domains from your portfolio (${domains(account.removableDomainCount)}).`;
  return kept > 0 ? `${gone} ${domains(kept)} you added yourself will stay, unlinked.` : gone;
}

export function DeleteAccountDialog({ account, open, onOpenChange }: { account: RegistrarAccount | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.accounts.remove.mutationOptions({
    onSuccess: () => {
      notifySuccess(ACCOUNT_MESSAGES.deleted);
      void queryClient.invalidateQueries(trpc.accounts.pathFilter());
      void queryClient.invalidateQueries(trpc.portfolio.pathFilter());
    },
    onError: (error) => notifyFailure(ACCOUNT_MESSAGES.deleteFailed, error, error.message),
    onSettled: () => onOpenChange(false),
  }));
  return (
    <AppDialog role="alertdialog" title={`Delete ${account?.label ?? ""}?`} open={open} onOpenChange={onOpenChange} size={{ base: "xs", sm: "sm" }}
      footer={<>
        <Dialog.ActionTrigger asChild><Button variant="outline">Cancel</Button></Dialog.ActionTrigger>
        <Button colorPalette="red" disabled={remove.isPending} onClick={() => account && remove.mutate({ id: account.id })}>
          {remove.isPending ? "Deleting…" : "Delete"}
        </Button>
      </>}>
      <Text>{account ? deleteSummary(account) : null}</Text>
    </AppDialog>
  );
}

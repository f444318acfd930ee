import { Button, Dialog, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AppDialog } from "../../components/ui/app-dialog.tsx";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { isUnauthorizedError } from "../../lib/unauthorized.ts";

export interface ListedKey {
  id: number;
  name: string;
  prefix: string;
}

/** Revoking cannot be undone (programs using the key stop working), so it asks first. */
export function RevokeKeyDialog({ apiKey, open, onOpenChange }: { apiKey: ListedKey | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(trpc.apiKeys.remove.mutationOptions({
    onSuccess: () => {
      notify({ type: "success", title: "Success", description: "API key revoked" });
      void queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error)) notify({ type: "error", title: "Error", description: `Failed to revoke API key. ${error.message}` });
    },
    onSettled: () => onOpenChange(false),
  }));
  return (
    <AppDialog
      role="alertdialog"
      title={`Revoke ${apiKey?.name ?? ""}?`}
      open={open}
      onOpenChange={onOpenChange}
      size={{ base: "xs", sm: "sm" }}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button colorPalette="red" disabled={revoke.isPending} onClick={() => apiKey && revoke.mutate({ id: apiKey.id })}>
            {revoke.isPending ? "Revoking…" : "Revoke"}
          </Button>
        </>
      }
    >
      <Text>Programs using the key {apiKey?.prefix}… will get 401 answers from then on. This cannot be undone.</Text>
    </AppDialog>
  );
}

import { Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
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
    <ConfirmDialog title={`Revoke ${apiKey?.name ?? ""}?`} open={open} onOpenChange={onOpenChange}
      confirmLabel="Revoke" pendingLabel="Revoking…" pending={revoke.isPending} onConfirm={() => apiKey && revoke.mutate({ id: apiKey.id })}>
      <Text>Programs using the key {apiKey?.prefix}… will get 401 answers from then on. This cannot be undone.</Text>
    </ConfirmDialog>
  );
}

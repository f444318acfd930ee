import { Button, Dialog, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AppDialog } from "../../components/ui/app-dialog.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { ADMIN_MESSAGES, notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";
import type { Schedule } from "./types.ts";

interface DeleteScheduleDialogProps {
  /** Kept by the caller after closing, so the title does not go blank during the exit animation. */
  schedule: Schedule | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec section 8: deleting asks first and says it cannot be undone. Focus starts on Cancel. */
export function DeleteScheduleDialog({ schedule, open, onOpenChange }: DeleteScheduleDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.priceEngine.schedules.remove.mutationOptions({
    onSuccess: () => {
      notifyAdminSuccess(ADMIN_MESSAGES.scheduleDeleted);
      void queryClient.invalidateQueries(trpc.priceEngine.schedules.list.queryFilter());
    },
    onError: (error) => notifyAdminFailure(ADMIN_MESSAGES.scheduleDeleteFailed, error),
    onSettled: () => onOpenChange(false),
  }));
  return (
    <AppDialog role="alertdialog" title={`Delete ${schedule?.name ?? "schedule"}?`} open={open} onOpenChange={onOpenChange}
      size={{ base: "xs", sm: "sm" }}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button colorPalette="red" disabled={remove.isPending} onClick={() => schedule && remove.mutate({ id: schedule.id })}>
            {remove.isPending ? "Deleting…" : "Delete"}
          </Button>
        </>
      }>
      <Text>This schedule will stop running and be deleted. This action cannot be undone.</Text>
    </AppDialog>
  );
}

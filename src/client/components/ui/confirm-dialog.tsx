import { Button, Dialog } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { AppDialog } from "./app-dialog.tsx";

interface ConfirmDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The destructive button's label, and its label while the action runs. */
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  children: ReactNode;
}

/** Asks before a destructive action. An alertdialog, so focus starts on Cancel, the safe choice. */
export function ConfirmDialog({ title, open, onOpenChange, confirmLabel, pendingLabel, pending, onConfirm, children }: ConfirmDialogProps) {
  return (
    <AppDialog
      role="alertdialog"
      title={title}
      open={open}
      onOpenChange={onOpenChange}
      size={{ base: "xs", sm: "sm" }}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button colorPalette="red" disabled={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </AppDialog>
  );
}

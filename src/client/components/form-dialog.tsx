import { Alert, Button, Dialog } from "@chakra-ui/react";
import { useId, type FormEvent, type ReactNode } from "react";
import { AppDialog } from "./ui/app-dialog.tsx";

interface FormDialogProps {
  title: string;
  submitLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  formError: string | null;
  onSubmit: (event: FormEvent) => void;
  /** The form element's id, for a caller that looks into the dialog (one is made when absent). */
  formId?: string;
  children: ReactNode;
}

/**
 * A form in the app's dialog frame: Cancel and submit below, a general error (the server's
 * message that names no field) above them, marked `data-form-error` so a caller can scroll to it.
 */
export function FormDialog({ title, submitLabel, open, onOpenChange, pending, formError, onSubmit, formId: givenId, children }: FormDialogProps) {
  const madeId = useId();
  const formId = givenId ?? madeId;
  return (
    <AppDialog title={title} open={open} onOpenChange={onOpenChange} size="lg" scrollBehavior="inside"
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button type="submit" form={formId} colorPalette="blue" disabled={pending}>
            {pending ? "Saving…" : submitLabel}
          </Button>
        </>
      }>
      <form id={formId} onSubmit={onSubmit} noValidate>{children}</form>
      {formError && (
        <Alert.Root status="error" mt="4" data-form-error="">
          <Alert.Indicator />
          <Alert.Title>{formError}</Alert.Title>
        </Alert.Root>
      )}
    </AppDialog>
  );
}

import { Alert, Button, Dialog } from "@chakra-ui/react";
import { useId, type FormEvent, type ReactNode } from "react";
import { AppDialog } from "../../components/ui/app-dialog.tsx";

interface FormDialogProps {
  title: string;
  submitLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  formError: string | null;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** An admin form in the app's dialog frame: Cancel and submit below, a general error above them. */
export function FormDialog({ title, submitLabel, open, onOpenChange, pending, formError, onSubmit, children }: FormDialogProps) {
  const formId = useId();
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
        <Alert.Root status="error" mt="4">
          <Alert.Indicator />
          <Alert.Title>{formError}</Alert.Title>
        </Alert.Root>
      )}
    </AppDialog>
  );
}

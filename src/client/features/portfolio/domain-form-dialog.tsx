import { Alert, Button, Dialog } from "@chakra-ui/react";
import { alertSlotRecipe } from "@chakra-ui/react/theme";
import { useId, useState, type FormEvent } from "react";
import type { UserDomainCreateInput } from "../../../shared/schemas/user-domain.ts";
import { AppDialog } from "../../components/ui/app-dialog.tsx";
import { DomainFormFields } from "./domain-form-fields.tsx";
import {
  readServerError, validateDomainForm, type DomainFormValues, type FieldErrors, type FieldName,
} from "./domain-form-values.ts";

interface DomainFormDialogProps {
  title: string;
  submitLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialValues: DomainFormValues;
  /** Rejects with the server's error; the dialog shows it and stays open. */
  submit: (input: UserDomainCreateInput) => Promise<unknown>;
  /** The Add form starts empty again after a successful add (spec section 4). */
  resetOnSuccess?: boolean;
}

/**
 * The Add/Edit Domain dialog: checks the form with the shared schema before sending, shows
 * field messages inline (the server's too) and any other server message, such as a
 * duplicate domain, above the buttons. It closes itself only after the server agreed.
 */
export function DomainFormDialog({ title, submitLabel, open, onOpenChange, initialValues, submit, resetOnSuccess }: DomainFormDialogProps) {
  const formId = useId();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onChange = <K extends FieldName>(field: K, value: DomainFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field should not keep blaming the user for the old value.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validateDomainForm(values);
    setFormError(null);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      await submit(checked.input);
      if (resetOnSuccess) setValues(initialValues);
      onOpenChange(false);
    } catch (error) {
      const failure = readServerError(error);
      setErrors(failure.fieldErrors);
      setFormError(failure.message);
    } finally {
      setPending(false);
    }
  };

  return (
    <AppDialog
      title={title}
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      scrollBehavior="inside"
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button type="submit" form={formId} colorPalette="blue" disabled={pending}>
            {pending ? "Saving…" : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <DomainFormFields values={values} errors={errors} onChange={onChange} />
      </form>
      {formError && (
        <Alert.Root recipe={alertSlotRecipe} status="error" mt="4">
          <Alert.Indicator />
          <Alert.Title>{formError}</Alert.Title>
        </Alert.Root>
      )}
    </AppDialog>
  );
}

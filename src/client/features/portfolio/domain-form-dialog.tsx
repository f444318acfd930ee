import { useId } from "react";
import { userDomainCreateSchema, type UserDomainCreateInput } from "../../../shared/schemas/user-domain.ts";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { FormDialog } from "../../components/form-dialog.tsx";
import { DomainFormFields } from "./domain-form-fields.tsx";
import type { DomainFormValues } from "./domain-form-values.ts";

interface DomainFormDialogProps {
  title: string;
  submitLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialValues: DomainFormValues;
  /** Rejects with the server's error; the dialog shows it and stays open. */
  submit: (input: UserDomainCreateInput) => Promise<unknown>;
  /** The Add form starts empty each time it opens, whether it was sent or cancelled (spec section 4). */
  resetOnClose?: boolean;
}

export function useDomainForm(
  initialValues: DomainFormValues, submit: (input: UserDomainCreateInput) => Promise<unknown>, onSaved: () => void, onFailed?: () => void,
) {
  return useSchemaForm({ defaultValues: initialValues, schema: userDomainCreateSchema, submit: (input) => submit(input), onSaved, onFailed });
}

/**
 * After the server refused the form, its reason is brought into view: on a phone the dialog's
 * body scrolls, and the field it blames (or the message above the buttons) may be below the fold.
 */
function showReason(formId: string) {
  requestAnimationFrame(() => {
    const body = document.getElementById(formId)?.closest("[role=dialog]");
    const blamed = body?.querySelector<HTMLElement>("[aria-invalid=true]") ?? body?.querySelector<HTMLElement>("[data-form-error]");
    if (!blamed) return;
    blamed.scrollIntoView?.({ block: "center" });
    if (blamed.matches("input, select, textarea")) blamed.focus({ preventScroll: true });
  });
}
export type DomainForm = ReturnType<typeof useDomainForm>["form"];

/**
 * The Add/Edit Domain dialog: checks the form with the shared schema before sending, shows
 * field messages inline (the server's too) and any other server message, such as a
 * duplicate domain, above the buttons. It closes itself only after the server agreed.
 */
export function DomainFormDialog({ title, submitLabel, open, onOpenChange, initialValues, submit, resetOnClose }: DomainFormDialogProps) {
  const formId = useId();
  const close = (next: boolean) => {
    if (!next && resetOnClose) reset();
    onOpenChange(next);
  };
  const { form, formError, pending, onSubmit, reset } = useDomainForm(initialValues, submit, () => close(false), () => showReason(formId));

  return (
    <FormDialog title={title} submitLabel={submitLabel} open={open} onOpenChange={close} pending={pending} formError={formError} onSubmit={onSubmit} formId={formId}>
      <DomainFormFields form={form} />
    </FormDialog>
  );
}

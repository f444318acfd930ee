import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UserDomainCreateInput } from "../../../shared/schemas/user-domain.ts";
import { reasonOf } from "../../lib/form-errors.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { DomainFormDialog } from "./domain-form-dialog.tsx";
import { EMPTY_VALUES, valuesFromDomain } from "./domain-form-values.ts";
import { notifyFailure, notifySuccess } from "../../lib/mutation-toasts.ts";
import { MESSAGES } from "./mutation-feedback.ts";
import type { UserDomain } from "./types.ts";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** After any change the list and the totals are refetched together: the summary depends on every entry. */
export function useInvalidatePortfolio() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.portfolio.pathFilter());
}

export function AddDomainDialog({ open, onOpenChange }: DialogProps) {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  const create = useMutation(trpc.portfolio.create.mutationOptions({
    onSuccess: () => {
      notifySuccess(MESSAGES.added);
      // Not awaited: the dialog closes at once and the grid catches up a moment later.
      void invalidate();
    },
    // The reason (a duplicate, an unknown TLD) is shown in the dialog, next to what caused it, and
    // in the toast too: on a phone the field it blames may be out of view when the toast appears.
    onError: (error) => notifyFailure(MESSAGES.addFailed, error, reasonOf(error)),
  }));
  return (
    <DomainFormDialog title="Add Domain" submitLabel="Add Domain" open={open} onOpenChange={onOpenChange}
      initialValues={EMPTY_VALUES} submit={(input) => create.mutateAsync(input)} resetOnClose />
  );
}

/**
 * The TLD field starts filled with the stored TLD. When only the domain was renamed (say to a
 * .net), that untouched value would no longer match, so it is left out and the server derives
 * the TLD from the new name, as it does for an empty field.
 */
function tldFor(stored: UserDomain, input: UserDomainCreateInput): string | undefined {
  return input.domainName !== stored.domainName && input.tldId === stored.tldId ? undefined : input.tldId;
}

/** The caller mounts a fresh one (new key) per opening, so the form always starts from the stored values. */
export function EditDomainDialog({ open, onOpenChange, domain }: DialogProps & { domain: UserDomain }) {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  const update = useMutation(trpc.portfolio.update.mutationOptions({
    onSuccess: () => {
      notifySuccess(MESSAGES.updated);
      void invalidate();
    },
    onError: (error) => notifyFailure(MESSAGES.updateFailed, error),
  }));
  return (
    <DomainFormDialog title="Edit Domain" submitLabel="Save Changes" open={open} onOpenChange={onOpenChange}
      initialValues={valuesFromDomain(domain)} submit={(input) => update.mutateAsync({ id: domain.id, ...input, tldId: tldFor(domain, input) })} />
  );
}

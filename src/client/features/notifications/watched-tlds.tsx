import { Badge, Button, Heading, HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { FormField } from "../../components/form/form-field.tsx";
import { TextField } from "../../components/form/fields.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { isUnauthorizedError } from "../../lib/unauthorized.ts";
import { formatPrice, formatUtcDay } from "../../../shared/price-format.ts";
import { MAX_WATCHES, WATCH_PRICE_KINDS, watchAddSchema, watchUpdateSchema, type WatchPriceKind } from "../../../shared/schemas/watched-tld.ts";

interface Watch {
  id: number;
  tld: { name: string; unicodeName: string | null };
  priceKind: WatchPriceKind;
  target: string;
  currency: string;
  bestQuote: { price: string; provider: string; checkedAt: string } | null;
  met: boolean;
}

const nameOf = (w: Pick<Watch, "tld">) => `.${w.tld.unicodeName ?? w.tld.name}`;
const optionalCurrency = (currency: string) => (currency.trim() === "" ? undefined : currency);

function useWatchMutations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.notifications.watches.list.queryKey() });
  return { trpc, refresh };
}

/**
 * The one error toast of every watch action (none for an ended session, which has its own). A
 * form shows the server's message itself, so its toast names only what failed (`inForm`).
 */
const failed = (what: string, inForm = false) => (error: unknown) => {
  if (isUnauthorizedError(error)) return;
  const detail = !inForm && error instanceof Error ? ` ${error.message}` : "";
  notify({ type: "error", title: "Error", description: `${what}${detail}` });
};

/** The add form's first values: the name a TLD page asked for (?watch=), registration, no target yet. */
const addFormDefaults = (asked: unknown, currency: string): { tld: string; priceKind: WatchPriceKind; target: string; currency: string } => ({
  tld: typeof asked === "string" || typeof asked === "number" ? `.${String(asked).slice(0, 79)}` : "", priceKind: "registration", target: "", currency,
});

/** Adds a watch: a name, which price, the target (in the display currency unless another is given). */
function AddWatchForm({ displayCurrency }: { displayCurrency: string }) {
  const { trpc, refresh } = useWatchMutations();
  // "Watch this TLD" on a TLD's page links here with ?watch=<name>.
  const asked = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).watch });
  const add = useMutation(trpc.notifications.watches.add.mutationOptions({ onSuccess: refresh }));
  const formRef = useRef<HTMLFormElement>(null);
  // Arriving from "Watch this TLD", the form (far down the settings page) is brought into view
  // with its name filled in, and the target price, the one thing left to type, takes the focus.
  // The sections above it load their own lists after it is shown and push it down, so it is
  // brought back each time the page grows, until the visitor scrolls, touches or types, or for 5 s.
  const arrivedToWatch = (typeof asked === "string" && asked !== "") || typeof asked === "number";
  useEffect(() => {
    const form = formRef.current;
    if (!arrivedToWatch || !form) return;
    const bring = () => form.scrollIntoView?.({ block: "start" });
    bring();
    form.querySelector<HTMLInputElement>("input[name=target]")?.focus({ preventScroll: true });
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(bring);
    observer.observe(document.body);
    const events = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const event of events) window.removeEventListener(event, stop);
    };
    const timer = setTimeout(stop, 5000);
    for (const event of events) window.addEventListener(event, stop, { passive: true });
    return stop;
  }, [arrivedToWatch]);
  const { form, formError, pending, onSubmit, reset } = useSchemaForm({
    defaultValues: addFormDefaults(asked, displayCurrency),
    schema: watchAddSchema,
    toInput: (v) => ({ ...v, currency: optionalCurrency(v.currency) }),
    // The typed amount goes to the server, which reads it with the same schema (the parsed one is in hundredths).
    submit: (_, values) => add.mutateAsync({ ...values, currency: optionalCurrency(values.currency) }),
    onSaved: (values) => {
      notify({ type: "success", title: "Success", description: `Watching .${values.tld.replace(/^\./, "")}: you are told when its ${values.priceKind} reaches your target` });
      reset();
    },
    onFailed: failed("Could not add the watch.", true),
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Watch a TLD" style={{ scrollMarginTop: "5rem" }}>
      <Stack gap="3">
        <HStack align="start" gap="3" flexWrap="wrap">
          <form.Field name="tld">
            {(field) => <TextField field={field} label="TLD" helper="Like .ai, co.uk or .рф" autoComplete="off" spellCheck={false} maxLength={80} maxW="3xs" />}
          </form.Field>
          <form.Field name="priceKind">
            {(field) => (
              <FormField field={field} label="Price" maxW="3xs">
                <NativeSelect.Root>
                  <NativeSelect.Field name="priceKind" value={field.state.value} onChange={(e) => field.handleChange(e.currentTarget.value as WatchPriceKind)}>
                    {WATCH_PRICE_KINDS.map((k) => <option key={k} value={k}>{k[0]!.toUpperCase() + k.slice(1)}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            )}
          </form.Field>
          <form.Field name="target">
            {(field) => <TextField field={field} label="Target price" helper="At or under this" inputMode="decimal" autoComplete="off" maxW="3xs" />}
          </form.Field>
          <form.Field name="currency">
            {(field) => <TextField field={field} label="Currency" autoComplete="off" spellCheck={false} maxLength={3} maxW="7rem" />}
          </form.Field>
        </HStack>
        {formError && <Text color="fg.error" role="alert">{formError}</Text>}
        <HStack><Button type="submit" colorPalette="blue" disabled={pending}>{pending ? "Adding…" : "Watch"}</Button></HStack>
      </Stack>
    </form>
  );
}

/** A new target for one watch, in place of its row's figures. */
function EditTargetForm({ watch, onDone }: { watch: Watch; onDone: () => void }) {
  const { trpc, refresh } = useWatchMutations();
  const update = useMutation(trpc.notifications.watches.update.mutationOptions({ onSuccess: refresh }));
  const { form, formError, pending, onSubmit } = useSchemaForm({
    defaultValues: { target: watch.target, currency: watch.currency },
    schema: watchUpdateSchema,
    toInput: (v) => ({ ...v, currency: optionalCurrency(v.currency) }),
    submit: (_, values) => update.mutateAsync({ id: watch.id, target: values.target, currency: optionalCurrency(values.currency) }),
    onSaved: () => {
      notify({ type: "success", title: "Success", description: `New target saved for ${nameOf(watch)} ${watch.priceKind}` });
      onDone();
    },
    onFailed: failed("Could not save the target.", true),
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit the target of ${nameOf(watch)} ${watch.priceKind}`}>
      <HStack align="end" gap="2" flexWrap="wrap">
        <form.Field name="target">
          {(field) => <TextField field={field} label="Target price" inputMode="decimal" autoComplete="off" maxW="3xs" size="sm" />}
        </form.Field>
        <form.Field name="currency">
          {(field) => <TextField field={field} label="Currency" autoComplete="off" maxLength={3} maxW="6rem" size="sm" />}
        </form.Field>
        <Button type="submit" size="sm" colorPalette="blue" disabled={pending}>{pending ? "Saving…" : "Save"}</Button>
        <Button size="sm" variant="ghost" onClick={onDone}>Cancel</Button>
      </HStack>
      {formError && <Text color="fg.error" role="alert">{formError}</Text>}
    </form>
  );
}

function WatchRow({ watch, onRemove }: { watch: Watch; onRemove: () => void }) {
  const [editing, setEditing] = useState(false);
  const best = watch.bestQuote;
  return (
    <Stack as="li" gap="2" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Stack gap="0">
          <Text fontWeight="semibold">
            <SpaAnchor href={`/tld/${watch.tld.name}`}>{nameOf(watch)}</SpaAnchor> {watch.priceKind} at or under {formatPrice(watch.target, watch.currency)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {best
              ? `Best fresh price now: ${formatPrice(best.price, watch.currency)} at ${best.provider}, checked ${formatUtcDay(best.checkedAt)}`
              : "No fresh price of it now"}
          </Text>
        </Stack>
        <HStack>
          {watch.met && <Badge colorPalette="green">Target met</Badge>}
          <Button size="sm" variant="outline" aria-label={`Edit the target of ${nameOf(watch)} ${watch.priceKind}`} onClick={() => setEditing(true)}>Edit target</Button>
          <Button size="sm" variant="outline" colorPalette="red" aria-label={`Remove the watch of ${nameOf(watch)} ${watch.priceKind}`} onClick={onRemove}>Remove</Button>
        </HStack>
      </HStack>
      {editing && <EditTargetForm watch={watch} onDone={() => setEditing(false)} />}
    </Stack>
  );
}

/** The user's watched TLDs: each with its best fresh price now; add, edit a target, remove. `kindOn`: the kind's switch as saved. */
export function WatchedTlds({ displayCurrency, kindOn = true }: { displayCurrency: string; kindOn?: boolean }) {
  const { trpc, refresh } = useWatchMutations();
  const watches = useQuery(trpc.notifications.watches.list.queryOptions());
  const [removing, setRemoving] = useState<Watch | null>(null);
  const remove = useMutation(trpc.notifications.watches.remove.mutationOptions({
    onSuccess: () => {
      notify({ type: "success", title: "Success", description: "Watch removed" });
      refresh();
    },
    onError: failed("Could not remove the watch."),
    onSettled: () => setRemoving(null),
  }));
  const list: Watch[] = watches.data ?? [];
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">Watched TLDs</Heading>
      <Text color="fg.muted">
        Be told when a fresh price of a TLD reaches your target, at any registrar: once each time it gets there (up to {MAX_WATCHES} watches).
      </Text>
      {!kindOn && (
        <Text color="fg.warning" role="status">
          Watched TLD notifications are switched off in your settings above: nothing is sent about these watches until you switch them on.
        </Text>
      )}
      {watches.isError ? <Text color="fg.error">Could not load your watched TLDs. {watches.error.message}</Text>
        : list.length === 0 ? (!watches.isPending && <Text>No watched TLDs yet.</Text>)
        : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Your watched TLDs">
            {list.map((w) => <WatchRow key={w.id} watch={w} onRemove={() => setRemoving(w)} />)}
          </Stack>
        )}
      <AddWatchForm displayCurrency={displayCurrency} />
      <ConfirmDialog title="Remove this watch?" open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}
        confirmLabel="Remove" pendingLabel="Removing…" pending={remove.isPending} onConfirm={() => removing && remove.mutate({ id: removing.id })}>
        <Text>{removing ? `${nameOf(removing)} ${removing.priceKind}: ` : ""}you will not be told about its price any more.</Text>
      </ConfirmDialog>
    </Stack>
  );
}

import { Button, Heading, HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TextField } from "../../components/form/fields.tsx";
import { FormField } from "../../components/form/form-field.tsx";
import { SwitchField } from "../../components/form/switch-field.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { useAuth } from "../../lib/use-auth.ts";
import { KIND_SWITCHES } from "../../../shared/notification-switches.ts";
import { notificationPreferencesSchema, type DeliveryMode, type NotificationKind } from "../../../shared/schemas/notifications.ts";
import { currencyOptionsQuery, offeredCurrencies } from "../../components/currency-select.tsx";
import { dayListOf, dayListText } from "./day-list.ts";

type SwitchedKind = (typeof KIND_SWITCHES)[number]["kind"];

interface Values {
  /** The days as typed; named as the schema names them, so its messages land under this input. */
  reminderOffsets: string;
  mode: DeliveryMode;
  expiryOn: boolean;
  /** The other kinds' switches (KIND_SWITCHES). */
  kindsOn: Record<SwitchedKind, boolean>;
  currency: string;
  /** Renewal price alerts' thresholds, as typed. */
  renewalChangePercent: string;
  renewalUndercut: string;
}

export interface SavedPreferences {
  reminderOffsets: number[];
  deliveryModes: { expiry: DeliveryMode } & Partial<Record<NotificationKind, DeliveryMode>>;
  enabledKinds: string[];
  currency: string;
  renewalChangePercent: number;
  renewalUndercut: string;
}

/**
 * When expiry reminders come, how (one mail each or one daily digest) and in which currency, and
 * which other kinds are told (KIND_SWITCHES; their delivery modes are kept as saved).
 */
export function ReminderPreferences({ saved }: { saved: SavedPreferences }) {
  const trpc = useTRPC();
  // Administrators' kinds (adminOnly) are neither shown to nor sent by anyone else: the server refuses them.
  const isAdmin = useAuth().user?.isAdmin === true;
  const offered = (s: (typeof KIND_SWITCHES)[number]) => isAdmin || !s.adminOnly;
  const queryClient = useQueryClient();
  const currencies = useQuery(currencyOptionsQuery(trpc));
  const save = useMutation(trpc.notifications.savePreferences.mutationOptions({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.notifications.overview.queryKey() }),
  }));
  const { form, formError, pending, onSubmit } = useSchemaForm({
    defaultValues: {
      reminderOffsets: dayListText(saved.reminderOffsets), mode: saved.deliveryModes.expiry, expiryOn: saved.enabledKinds.includes("expiry"),
      kindsOn: Object.fromEntries(KIND_SWITCHES.map(({ kind }) => [kind, saved.enabledKinds.includes(kind)])) as Record<SwitchedKind, boolean>,
      currency: saved.currency,
      renewalChangePercent: String(saved.renewalChangePercent), renewalUndercut: saved.renewalUndercut,
    } satisfies Values,
    schema: notificationPreferencesSchema,
    toInput: (v: Values) => ({
      reminderOffsets: dayListOf(v.reminderOffsets),
      deliveryModes: {
        ...Object.fromEntries(KIND_SWITCHES.map(({ kind }) => [kind, saved.deliveryModes[kind] ?? "immediate"])),
        expiry: v.mode,
      },
      enabledKinds: [...(v.expiryOn ? ["expiry" as const] : []), ...KIND_SWITCHES.filter(offered).flatMap(({ kind }) => (v.kindsOn[kind] ? [kind] : []))],
      currency: v.currency,
      // A whole number is sent as one; anything else as typed, for the schema to name.
      renewalChangePercent: /^\s*\d+\s*$/.test(v.renewalChangePercent) ? Number(v.renewalChangePercent) : v.renewalChangePercent,
      renewalUndercut: v.renewalUndercut,
    }),
    submit: (input) => save.mutateAsync(input),
    onSaved: () => notify({ type: "success", title: "Settings saved" }),
  });

  return (
    <Stack gap="4" as="section" aria-labelledby="reminders-heading">
      <Heading as="h2" size="lg" id="reminders-heading">Expiry reminders</Heading>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4" maxW="lg">
          <form.Field name="expiryOn">{(field) => <SwitchField field={field} label="Remind me before my domains expire" />}</form.Field>
          <form.Field name="reminderOffsets">
            {(field) => (
              <TextField field={field} label="Days before expiry" helper="Whole days, separated by commas, e.g. 90, 30, 7, 1 (0 is the day itself)." />
            )}
          </form.Field>
          <form.Field name="mode">
            {(field) => (
              <FormField field={field} label="Delivery">
                <NativeSelect.Root>
                  <NativeSelect.Field name="mode" value={field.state.value} onChange={(e) => field.handleChange(e.currentTarget.value as DeliveryMode)}>
                    <option value="immediate">One message per reminder</option>
                    <option value="digest">One daily digest with the day's reminders</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            )}
          </form.Field>
          <form.Field name="currency">
            {(field) => (
              <FormField field={field} label="Prices in">
                <NativeSelect.Root width="32">
                  <NativeSelect.Field name="currency" value={field.state.value} onChange={(e) => field.handleChange(e.currentTarget.value)}>
                    {offeredCurrencies(currencies.data, field.state.value).map((code) => <option key={code} value={code}>{code}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            )}
          </form.Field>
          {KIND_SWITCHES.filter(offered).map(({ kind, label }) => (
            <Stack key={kind} gap="4">
              <form.Field name={`kindsOn.${kind}`}>{(field) => <SwitchField field={field} label={label} />}</form.Field>
              {kind === "renewal_price" && (
                <HStack gap="4" align="start" wrap="wrap">
                  <form.Field name="renewalChangePercent">
                    {(field) => <TextField field={field} label="Renewal change to tell (%)" helper="From 1 to 100, up or down." inputMode="numeric" maxW="48" />}
                  </form.Field>
                  <form.Field name="renewalUndercut">
                    {(field) => <TextField field={field} label="Saving elsewhere to tell (a year)" helper="In the currency above, e.g. 2.00." inputMode="decimal" maxW="56" />}
                  </form.Field>
                </HStack>
              )}
            </Stack>
          ))}
          {formError && <Text color="fg.error" role="alert">{formError}</Text>}
          <HStack><Button type="submit" colorPalette="blue" disabled={pending}>{pending ? "Saving…" : "Save settings"}</Button></HStack>
        </Stack>
      </form>
    </Stack>
  );
}

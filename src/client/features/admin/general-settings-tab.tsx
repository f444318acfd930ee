import { Alert, Button, Field, HStack, NativeSelect, SimpleGrid, Skeleton, Stack, Switch, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PAGE_SIZE_CHOICES, REFRESH_CHOICES, type GeneralSettings } from "../../../shared/schemas/general-settings.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ADMIN_MESSAGES, notifyAdminFailure, notifyAdminSuccess } from "./feedback.ts";

type Switched = "emailNotifications" | "systemHealthAlerts" | "fetchFailureNotifications";
/**
 * The spec's three switches, with what each decides in the state it is in (docs/decisions/036,
 * kind operator_incident): the description always says what the switch does now.
 */
const SWITCHES: { key: Switched; label: string; on: string; off: string }[] = [
  {
    key: "emailNotifications", label: "Email Notifications",
    on: "On: incident messages to administrators go to their e-mail addresses and their webhooks.",
    off: "Off: incident messages to administrators go to their webhooks only, not to their e-mail addresses.",
  },
  {
    key: "systemHealthAlerts", label: "System Health Alerts",
    on: "On: administrators are told of every incident (stale data, large price moves, incidents raised by hand), not only failing price fetches.",
    off: "Off: administrators are not told of incidents other than failing price fetches (stale data, large price moves, incidents raised by hand).",
  },
  {
    key: "fetchFailureNotifications", label: "Fetch Failure Notifications",
    on: "On: administrators are told when a price source fails fetch after fetch.",
    off: "Off: administrators are not told of incidents opened because a price source failed fetch after fetch.",
  },
];

function SettingsForm({ saved }: { saved: GeneralSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<GeneralSettings>(saved);
  const save = useMutation(trpc.priceEngine.generalSettings.save.mutationOptions({
    onSuccess: (stored) => {
      queryClient.setQueryData(trpc.priceEngine.generalSettings.get.queryKey(), stored);
      notifyAdminSuccess(ADMIN_MESSAGES.settingsSaved);
    },
    onError: (error) => notifyAdminFailure(ADMIN_MESSAGES.settingsSaveFailed, error),
  }));
  const set = <K extends keyof GeneralSettings>(key: K, value: GeneralSettings[K]) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <form onSubmit={(e) => { e.preventDefault(); save.mutate(values); }}>
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root>
            <Field.Label>Default auto-refresh interval</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={values.autoRefreshSeconds} onChange={(e) => set("autoRefreshSeconds", Number(e.currentTarget.value))}>
                {REFRESH_CHOICES.map((s) => <option key={s} value={s}>{s} seconds</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>How often the Price Retrieval Logs page polls while its auto-refresh is on.</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Default items per page</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={values.itemsPerPage} onChange={(e) => set("itemsPerPage", Number(e.currentTarget.value))}>
                {PAGE_SIZE_CHOICES.map((n) => <option key={n} value={n}>{n}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>Rows per page of the price logs and the incidents.</Field.HelperText>
          </Field.Root>
        </SimpleGrid>
        <Stack gap="4">
          {SWITCHES.map(({ key, label, on, off }) => (
            <Stack key={key} gap="1">
              <Switch.Root colorPalette="blue" checked={values[key]} onCheckedChange={(e) => set(key, e.checked)}>
                <Switch.HiddenInput aria-describedby={`${key}-effect`} />
                <Switch.Control><Switch.Thumb /></Switch.Control>
                <Switch.Label>{label}</Switch.Label>
              </Switch.Root>
              <Text id={`${key}-effect`} fontSize="sm" color="fg.muted" aria-live="polite">{values[key] ? on : off}</Text>
            </Stack>
          ))}
        </Stack>
        <HStack>
          <Button type="submit" colorPalette="blue" disabled={save.isPending}>{save.isPending ? "Saving…" : "Save Settings"}</Button>
        </HStack>
      </Stack>
    </form>
  );
}

/**
 * General Settings (spec section 2), stored for every administrator (GET/PUT /api/admin/settings).
 * Each administrator still chooses on their own notification settings whether they receive
 * incident messages at all; these switches decide which ones are sent.
 */
export function GeneralSettingsTab() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.priceEngine.generalSettings.get.queryOptions());
  return (
    <Stack gap="6" maxW="2xl">
      <Text color="fg.muted">
        Shared by every administrator. Administrators receive incident messages when they switch them on in their own notification settings.
      </Text>
      {settings.isPending ? (
        <Skeleton h="48" rounded="lg" />
      ) : settings.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Failed to load settings</Alert.Title>
            <Alert.Description>{settings.error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <SettingsForm saved={settings.data} />
      )}
    </Stack>
  );
}

import { Alert, Field, NativeSelect, SimpleGrid, Stack, Switch } from "@chakra-ui/react";
import { useState } from "react";

/** Spec section 9: the choices and defaults of the General Settings tab. */
export const REFRESH_CHOICES = [5, 15, 30, 60] as const;
export const PAGE_SIZE_CHOICES = [10, 20, 50, 100] as const;
const SWITCHES = ["Email Notifications", "System Health Alerts", "Fetch Failure Notifications"] as const;

/**
 * Display only (spec section 2): the controls work on screen, and nothing is saved or sent,
 * so there is no form state to check or submit, only what each control shows.
 */
export function GeneralSettingsTab() {
  const [refresh, setRefresh] = useState("15");
  const [pageSize, setPageSize] = useState("20");
  const [switches, setSwitches] = useState<Record<string, boolean>>(() => Object.fromEntries(SWITCHES.map((s) => [s, true])));
  return (
    <Stack gap="6" maxW="2xl">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Display only</Alert.Title>
          <Alert.Description>These settings are not saved: changes here last until you leave the page and change nothing else.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root>
          <Field.Label>Default auto-refresh interval</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={refresh} onChange={(e) => setRefresh(e.currentTarget.value)}>
              {REFRESH_CHOICES.map((s) => <option key={s} value={s}>{s} seconds</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Default items per page</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={pageSize} onChange={(e) => setPageSize(e.currentTarget.value)}>
              {PAGE_SIZE_CHOICES.map((n) => <option key={n} value={n}>{n}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <Stack gap="3">
        {SWITCHES.map((label) => (
          <Switch.Root key={label} colorPalette="blue" checked={switches[label] ?? true}
            onCheckedChange={(e) => setSwitches((current) => ({ ...current, [label]: e.checked }))}>
            <Switch.HiddenInput />
            <Switch.Control><Switch.Thumb /></Switch.Control>
            <Switch.Label>{label}</Switch.Label>
          </Switch.Root>
        ))}
      </Stack>
    </Stack>
  );
}

import { Checkbox, Heading, HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC, type RouterOutputs } from "../../lib/trpc.ts";
import { notify } from "../../components/ui/toaster.tsx";
import { isUnauthorizedError } from "../../lib/unauthorized.ts";

type Settings = RouterOutputs["notifications"]["domainSettings"];
type Setting = Settings["kinds"][number]["setting"];

const SETTING_WORDS = (ownerOn: boolean): Record<Setting, string> => ({
  inherit: `As in my notification settings (${ownerOn ? "on" : "off"})`, on: "On for this domain", off: "Off for this domain",
});

/**
 * This domain's own notification switches: each kind the product tells about (registry changes,
 * and certificates and DNS changes where offered) inherits the owner's setting or is on or off
 * here; each DNS record type can be muted alone.
 */
export function DomainSwitches({ domainId, domainName }: { domainId: number; domainName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.notifications.domainSettings.queryOptions({ id: domainId }));
  const save = useMutation(trpc.notifications.saveDomainSettings.mutationOptions({
    onSuccess: (data) => {
      queryClient.setQueryData(trpc.notifications.domainSettings.queryKey({ id: domainId }), data);
      notify({ type: "success", title: "Success", description: `Notifications of ${domainName} saved` });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error)) notify({ type: "error", title: "Error", description: `Could not save the notification switches. ${error.message}` });
    },
  }));
  if (settings.isPending) return <Text fontSize="sm" color="fg.muted">Loading the notification switches…</Text>;
  if (settings.isError) return <Text fontSize="sm" color="fg.error">The notification switches could not be loaded: {settings.error.message}</Text>;
  const { kinds, parts, dnsRecordTypes } = settings.data;
  const dnsOn = kinds.find((k) => k.kind === "dns_change")?.on ?? false;
  return (
    <Stack as="section" gap="3" aria-labelledby="domain-switches">
      <Heading as="h2" size="md" id="domain-switches">Notifications for this domain</Heading>
      {kinds.map((k) => (
        <Stack key={k.kind} gap="1">
          <Text asChild fontSize="sm" fontWeight="medium"><label htmlFor={`switch-${k.kind}`}>{k.label}</label></Text>
          <HStack gap="2" wrap="wrap">
            <NativeSelect.Root size="sm" maxW="sm" disabled={save.isPending}>
              <NativeSelect.Field id={`switch-${k.kind}`} value={k.setting}
                onChange={(e) => save.mutate({ id: domainId, switches: { [k.kind]: e.currentTarget.value as Setting } })}>
                {(["inherit", "on", "off"] as const).map((s) => <option key={s} value={s}>{SETTING_WORDS(k.ownerOn)[s]}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Text fontSize="xs" color="fg.muted">{k.on ? "Told" : "Not told"}</Text>
          </HStack>
        </Stack>
      ))}
      {dnsRecordTypes.length > 0 && (
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="medium">DNS record types to tell{dnsOn ? "" : " (DNS changes are off for this domain)"}</Text>
          <HStack gap="4" wrap="wrap">
            {dnsRecordTypes.map((type) => {
              const key = `dns:${type}`;
              const told = parts[key] !== "off";
              return (
                <Checkbox.Root key={type} size="sm" checked={told} disabled={save.isPending || !dnsOn}
                  onCheckedChange={(e) => save.mutate({ id: domainId, switches: { [key]: e.checked === true ? "inherit" : "off" } })}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{type}</Checkbox.Label>
                </Checkbox.Root>
              );
            })}
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}

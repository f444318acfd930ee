import { Alert, Badge, Button, HStack, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTRPC } from "../../lib/trpc.ts";
import { useInvalidatePortfolio } from "./domain-dialogs.tsx";
import { formatDay } from "./format.ts";
import { notifyFailure, notifySuccess } from "../../lib/mutation-toasts.ts";
import type { UserDomain } from "./types.ts";

type ShownDate = UserDomain["dates"]["expiration"];

const SOURCE_WORDS: Record<NonNullable<ShownDate["source"]>, string> = {
  registry: "from the registry",
  registrar_account: "from the registrar account",
  typed: "entered by you",
};

/** Where a shown date came from, in a few muted words beside it; a registry date read over WHOIS says it counts for less. */
export function DateSource({ shown }: { shown: Pick<ShownDate, "source"> & Partial<Pick<ShownDate, "lowerConfidence">> }) {
  if (!shown.source) return null;
  const words = shown.lowerConfidence ? "from WHOIS (lower confidence)" : SOURCE_WORDS[shown.source];
  return <Text as="span" fontSize="xs" color="fg.muted">{words}</Text>;
}

/** "in 5 minutes", "in 2 hours", "in 1 day"; "now" once it is due. */
function timeUntil(iso: string, now = Date.now()): string {
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (minutes <= 0) return "now";
  if (minutes < 60) return `in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `in ${hours} ${hours === 1 ? "hour" : "hours"}`;
  const days = Math.round(hours / 24);
  return `in ${days} ${days === 1 ? "day" : "days"}`;
}

/** Ask the registry now (limited per user; the server says when the next one is allowed). */
function CheckNowButton({ domain }: { domain: UserDomain }) {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  const check = useMutation(trpc.portfolio.checkNow.mutationOptions({
    onSuccess: () => {
      notifySuccess(`Checking ${domain.unicodeName ?? domain.domainName} with its registry`);
      void invalidate();
    },
    onError: (error) => notifyFailure("Could not check with the registry", error, error.message),
  }));
  const waiting = domain.registry.checkRequestedAt !== null;
  return (
    <Button size="xs" variant="outline" loading={check.isPending} disabled={waiting} onClick={() => check.mutate({ id: domain.id })}>
      {waiting ? "Check on its way" : "Check now"}
    </Button>
  );
}

/** The "use my date" switch of an entry whose typed and registry dates disagree. */
function OwnDatesButton({ domain }: { domain: UserDomain }) {
  const trpc = useTRPC();
  const invalidate = useInvalidatePortfolio();
  const useOwn = !domain.dates.useOwnDates;
  const update = useMutation(trpc.portfolio.update.mutationOptions({
    onSuccess: () => {
      notifySuccess(useOwn ? "Reminders now use your dates" : "Reminders now use the registry's dates");
      void invalidate();
    },
    onError: (error) => notifyFailure("Could not change which dates reminders use", error, error.message),
  }));
  return (
    <Button size="xs" variant="outline" loading={update.isPending} onClick={() => update.mutate({ id: domain.id, useOwnDates: useOwn })}>
      {useOwn ? "Use my date for reminders" : "Use the registry's date"}
    </Button>
  );
}

/**
 * What the registry says about the domain: statuses that need action, a typed date that
 * differs from the registry's, the transfer lock when a cheaper registrar exists, and when
 * it was last checked (or why it could not be).
 */
export function RegistryDetails({ domain }: { domain: UserDomain }) {
  const { registry, dates } = domain;
  const notes = [dates.expiration.note, dates.registration.note].filter((n): n is string => n !== null);
  return (
    <Stack gap="2">
      {registry.flags.length > 0 && (
        <Alert.Root status="error" size="sm" flexDirection="column" alignItems="stretch" gap="1">
          {registry.flags.map((flag) => (
            <HStack key={flag.code} gap="2" alignItems="flex-start">
              <Alert.Indicator />
              <Alert.Description>{flag.message}</Alert.Description>
            </HStack>
          ))}
        </Alert.Root>
      )}
      {notes.length > 0 && (
        <Alert.Root status="warning" size="sm" flexDirection="column" alignItems="stretch" gap="2">
          {notes.map((note) => (
            <HStack key={note} gap="2" alignItems="flex-start">
              <Alert.Indicator />
              <Alert.Description>{note}</Alert.Description>
            </HStack>
          ))}
          <HStack justifyContent="flex-end"><OwnDatesButton domain={domain} /></HStack>
        </Alert.Root>
      )}
      {registry.transferLock.message && <Badge colorPalette="orange" variant="subtle" whiteSpace="normal">{registry.transferLock.message}</Badge>}
      <HStack gap="2" alignItems="flex-start" justifyContent="space-between">
        <Text fontSize="xs" color="fg.muted">
          {registry.message ?? `Checked with the registry${registry.protocol === "whois" ? " over WHOIS" : ""} on ${formatDay(registry.checkedAt)}`}
          {registry.outcome === "ok" && domain.dates.expiration.registry === null && (
            <> (<ChakraLink asChild color="inherit" textDecoration="underline"><Link to="/registry-coverage">which registries publish expiry dates</Link></ChakraLink>)</>
          )}
          {registry.outcome === "error" && registry.nextCheckAt && ` (${timeUntil(registry.nextCheckAt)})`}
          {registry.statuses.length > 0 && ` · Status: ${registry.statuses.join(", ")}`}
          {registry.registrar?.name && ` · Registrar: ${registry.registrar.name}${registry.registrar.ianaId === null ? "" : ` (IANA ${registry.registrar.ianaId})`}`}
        </Text>
        <CheckNowButton domain={domain} />
      </HStack>
    </Stack>
  );
}

import { HStack, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { getAccountTimeZone, setAccountTimeZone, setTimeZone, useTimeZone } from "../lib/date-format.ts";
import { notifyFailure, notifySuccess } from "../lib/mutation-toasts.ts";
import { useTRPC } from "../lib/trpc.ts";
import { useAuth } from "../lib/use-auth.ts";

/** Every IANA zone the browser knows, else the few most people use. */
function knownZones(): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.length ? all : ["UTC", "Europe/London", "Europe/Berlin", "America/New_York", "America/Los_Angeles", "Asia/Tokyo", "Australia/Sydney"];
}

/** The zones to choose from, UTC among them. */
export function useZoneList(): string[] {
  return useMemo(() => {
    const list = knownZones();
    return list.includes("UTC") ? list : ["UTC", ...list];
  }, []);
}

/** The value of the "browser's zone" option: no zone chosen. */
export const BROWSER = "";

/**
 * Saves the signed-in account's zone (account.setTimeZone): the pages rewrite their moments at
 * once, this browser remembers it too, and a refusal puts the previous zone back and says why.
 */
export function useSaveAccountTimeZone(onSaved?: (zone: string | null) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.account.setTimeZone.mutationOptions({
    onMutate: ({ timeZone }) => {
      const before = getAccountTimeZone();
      setAccountTimeZone(timeZone);
      return { before };
    },
    onError: (error, _input, saved) => {
      setAccountTimeZone(saved?.before ?? null);
      notifyFailure("Your time zone was not saved", error, error.message);
    },
    onSuccess: ({ timeZone }) => {
      setAccountTimeZone(timeZone);
      setTimeZone(timeZone);
      onSaved?.(timeZone);
      void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.account.overview.queryKey() });
      notifySuccess(timeZone ? `Times are now shown in ${timeZone}.` : "Times are now shown in your browser's time zone.");
    },
  }));
}

/** A select of every zone, the first option the browser's (value BROWSER). */
export function ZoneSelect({ id, value, onChange, browserLabel, disabled }: {
  id: string; value: string; onChange: (zone: string) => void; browserLabel: ReactNode; disabled?: boolean;
}) {
  const zones = useZoneList();
  return (
    <div className="app-select" data-width="auto">
      <select id={id} aria-label="Time zone" value={value} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value={BROWSER}>{browserLabel}</option>
        {zones.map((z) => <option key={z} value={z}>{z}</option>)}
      </select>
      <div className="app-select-indicator">
        <svg viewBox="0 0 24 24" aria-hidden>
          <path d="m6 9 6 6 6-6" />
        </svg>
      </div>
    </div>
  );
}

/**
 * The time zone every moment on the site is written in (lib/date-format.ts): the browser's until
 * the reader chooses one, always shown by name. Signed in, the choice is the account's setting
 * (as on the account settings page); signed out, it is remembered in this browser.
 */
export function TimeZoneSelect() {
  const { chosen, account, browser } = useTimeZone();
  const { user } = useAuth();
  const save = useSaveAccountTimeZone();
  const current = user ? account : chosen;
  return (
    <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
      <Text asChild><label htmlFor="time-zone-select">Times are shown in</label></Text>
      <ZoneSelect id="time-zone-select" value={current ?? BROWSER} browserLabel={`Your browser's (${browser})`}
        onChange={(zone) => (user ? save.mutate({ timeZone: zone || null }) : setTimeZone(zone || null))} />
      {current && current !== browser && <Text as="span">{`(your browser's is ${browser})`}</Text>}
    </HStack>
  );
}

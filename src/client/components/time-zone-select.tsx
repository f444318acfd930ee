import { HStack, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import { setTimeZone, useTimeZone } from "../lib/date-format.ts";

/** Every IANA zone the browser knows, else the few most people use. */
function knownZones(): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.length ? all : ["UTC", "Europe/London", "Europe/Berlin", "America/New_York", "America/Los_Angeles", "Asia/Tokyo", "Australia/Sydney"];
}

const BROWSER = "";

/**
 * The time zone every moment on the site is written in (lib/date-format.ts): the browser's until
 * the reader chooses one, always shown by name; remembered in this browser.
 */
export function TimeZoneSelect() {
  const { chosen, browser } = useTimeZone();
  const zones = useMemo(() => {
    const list = knownZones();
    return list.includes("UTC") ? list : ["UTC", ...list];
  }, []);
  return (
    <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
      <Text asChild><label htmlFor="time-zone-select">Times are shown in</label></Text>
      <div className="app-select" data-width="auto">
        <select id="time-zone-select" aria-label="Time zone" value={chosen ?? BROWSER} onChange={(e) => setTimeZone(e.currentTarget.value || null)}>
          <option value={BROWSER}>{`Your browser's (${browser})`}</option>
          {zones.map((z) => <option key={z} value={z}>{z}</option>)}
        </select>
        <div className="app-select-indicator">
          <svg viewBox="0 0 24 24" aria-hidden>
            <path d="m6 9 6 6 6-6" />
          </svg>
        </div>
      </div>
      {chosen && chosen !== browser && <Text as="span">{`(your browser's is ${browser})`}</Text>}
    </HStack>
  );
}

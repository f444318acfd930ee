import { Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { SectionCard } from "../../components/section-card.tsx";
import { BROWSER, useSaveAccountTimeZone, ZoneSelect } from "../../components/time-zone-select.tsx";
import { useTimeZone } from "../../lib/date-format.ts";

/**
 * The account's time zone: the one moments are written in on these pages, in mails and in the
 * calendar feed. Without one, the pages use the browser's zone and mails and the feed UTC.
 * Saved as soon as it is chosen.
 */
export function TimeZoneSection({ timeZone }: { timeZone: string | null }) {
  const { browser } = useTimeZone();
  const [value, setValue] = useState(timeZone ?? BROWSER);
  const save = useSaveAccountTimeZone();
  const choose = (zone: string) => {
    const before = value;
    setValue(zone);
    save.mutate({ timeZone: zone || null }, { onError: () => setValue(before) });
  };
  return (
    <SectionCard title="Time zone">
      <Stack gap="3" maxW="md">
        <Text>
          Times on these pages, in mails and in your calendar feed are written in this zone.
          Without one, the pages use your browser's and mails and the feed use UTC.
        </Text>
        <Text asChild fontWeight="medium"><label htmlFor="account-time-zone">Your time zone</label></Text>
        <ZoneSelect id="account-time-zone" value={value} onChange={choose} disabled={save.isPending}
          browserLabel={`Your browser's time zone: ${browser}`} />
      </Stack>
    </SectionCard>
  );
}

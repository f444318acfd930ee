import { Badge, Box, Card, HStack, Heading, Stack, Tabs, Text } from "@chakra-ui/react";
import { tabsSlotRecipe } from "@chakra-ui/react/theme";
import { LuTriangleAlert } from "react-icons/lu";
import { formatCount } from "../../lib/text-format.ts";
import { formatDay, formatDaysLeft } from "./format.ts";
import type { ExpiringDomain, PortfolioSummary } from "./types.ts";

type Expiring = PortfolioSummary["expiring"];
type ExpiringCounts = PortfolioSummary["expiringCounts"];
type BucketKey = keyof Expiring;

// Each window runs from today to its limit, so "60 days" includes what "30 days" lists (as the server's buckets do).
const BUCKETS: ReadonlyArray<{ key: BucketKey; label: string; empty: string }> = [
  { key: "expired", label: "Expired", empty: "" },
  { key: "within30", label: "30 days", empty: "Nothing expires within 30 days." },
  { key: "within60", label: "60 days", empty: "Nothing expires within 60 days." },
  { key: "within90", label: "90 days", empty: "Nothing expires within 90 days." },
];

function ExpiringRow({ item }: { item: ExpiringDomain }) {
  return (
    <HStack as="li" justify="space-between" gap="3" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} wrap="wrap">
      <Box minW="0">
        <Text fontWeight="medium" wordBreak="break-all">{item.unicodeName ?? item.domainName}</Text>
        <Text fontSize="sm" color="fg.muted">{formatDay(item.expirationDate)} · {formatDaysLeft(item.daysLeft)}</Text>
      </Box>
      {item.warning ? (
        <Badge colorPalette="orange" variant="solid">
          <LuTriangleAlert aria-hidden /> {item.warning}
        </Badge>
      ) : (
        <Badge colorPalette="green">Auto-renew on</Badge>
      )}
    </HStack>
  );
}

/**
 * Domains that need attention soon, grouped by how soon; auto-renew off is the real risk, so it
 * is flagged. Each tab lists the soonest entries the server sends and counts all of them.
 */
export function ExpiringPanel({ expiring, counts }: { expiring: Expiring; counts: ExpiringCounts }) {
  // Expired domains only get a tab when there are some.
  const buckets = BUCKETS.filter((b) => b.key !== "expired" || counts.expired > 0);
  // The 90-day window holds the shorter ones.
  const total = counts.expired + counts.within90;
  const first = buckets.find((b) => counts[b.key] > 0) ?? buckets[0]!;
  return (
    <Card.Root as="section" aria-labelledby="expiring-title" variant="outline" size="sm">
      <Card.Header>
        <Heading as="h2" id="expiring-title" size="md">Expiring soon</Heading>
      </Card.Header>
      <Card.Body pt="0">
        {total === 0 ? (
          <Text color="fg.muted">No domains have expired or expire in the next 90 days.</Text>
        ) : (
          <Tabs.Root recipe={tabsSlotRecipe} defaultValue={first.key} variant="line" size="sm" fitted={{ base: false, md: true }}>
            {/* Four tabs do not fit a phone's width: the row scrolls rather than breaking "30 days" over two lines. */}
            <Tabs.List overflowX="auto" overflowY="hidden">
              {buckets.map((b) => (
                <Tabs.Trigger key={b.key} value={b.key} whiteSpace="nowrap" flexShrink={0}>
                  {b.label}
                  <Badge size="sm" colorPalette={b.key === "expired" ? "red" : "gray"}>{formatCount(counts[b.key])}</Badge>
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {buckets.map((b) => (
              <Tabs.Content key={b.key} value={b.key}>
                {expiring[b.key].length === 0 ? <Text color="fg.muted">{b.empty}</Text> : (
                  <>
                    <Stack as="ul" listStyleType="none" gap="0">
                      {expiring[b.key].map((item) => <ExpiringRow key={item.id} item={item} />)}
                    </Stack>
                    {counts[b.key] > expiring[b.key].length && (
                      <Text fontSize="sm" color="fg.muted" pt="2">
                        The {expiring[b.key].length} soonest of {formatCount(counts[b.key])}; sort your domains by expiry to see them all.
                      </Text>
                    )}
                  </>
                )}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}

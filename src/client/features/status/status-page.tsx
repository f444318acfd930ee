import { Alert, Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Stat, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { LuRefreshCw } from "react-icons/lu";
import { InfoPage } from "../../components/info-page.tsx";
import { useTRPC, type RouterOutputs } from "../../lib/trpc.ts";
import { useSiteSettings } from "../../lib/use-site-settings.ts";
import { bannerTitle, statusLabel } from "./status-labels.ts";
import { formatCount } from "../../lib/text-format.ts";

type SystemStatus = RouterOutputs["status"]["get"];
const TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const time = (value: string | Date) => TIME.format(new Date(value));

function uptime(seconds: number) {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${m} min` : `${m} min`;
}

function StatusBadge({ status }: { status: string }) {
  const { label, palette } = statusLabel(status);
  return <Badge colorPalette={palette} variant="solid">{label}</Badge>;
}

function ComponentList({ title, components }: { title: string; components: SystemStatus["components"] }) {
  if (components.length === 0) return null;
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="lg" mb="3">{title}</Heading>
      <Stack as="ul" gap="0" borderWidth="1px" rounded="lg" listStyleType="none">
        {components.map((c) => (
          <HStack as="li" key={c.id} justify="space-between" gap="4" px="4" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: "0" }}>
            <Stack gap="0">
              <Text fontWeight="semibold">{c.name}</Text>
              <Text fontSize="sm" color="fg.muted">{c.description}</Text>
            </Stack>
            <StatusBadge status={c.status} />
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

function Metrics({ data }: { data: SystemStatus }) {
  const m = data.metrics;
  const figures: Array<[string, string]> = [["Web server uptime", uptime(data.uptimeSeconds)]];
  if (m) {
    figures.push(
      [`Price fetches (${m.days} days)`, formatCount(m.fetches)],
      ["Successful fetches", m.fetches === 0 ? "None yet" : `${((m.successfulFetches / m.fetches) * 100).toFixed(1)} %`],
      ["Average fetch time", m.averageFetchMs === null ? "No data" : `${formatCount(m.averageFetchMs)} ms`],
      [`Incidents (${m.days} days)`, String(m.incidents)],
    );
  }
  return (
    <Box as="section" aria-labelledby="metrics">
      <Heading as="h2" id="metrics" size="lg" mb="3">Measured over the last 30 days</Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="3">
        {figures.map(([label, value]) => (
          <Stat.Root key={label} borderWidth="1px" rounded="lg" p="4">
            <Stat.Label>{label}</Stat.Label>
            <Stat.ValueText>{value}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}

function Incidents({ incidents }: { incidents: SystemStatus["incidents"] }) {
  return (
    <Box as="section" aria-labelledby="incidents">
      <Heading as="h2" id="incidents" size="lg" mb="3">Incidents</Heading>
      {incidents.length === 0 ? (
        <Text color="fg.muted">No incidents in the last 30 days.</Text>
      ) : (
        <Stack gap="3">
          {incidents.map((i) => (
            <Card.Root key={i.id} variant="outline">
              <Card.Body gap="1">
                <HStack justify="space-between" wrap="wrap">
                  <Heading as="h3" size="md">{i.title}</Heading>
                  <Badge colorPalette={i.status === "resolved" ? "green" : "orange"} variant="solid">
                    {i.status === "resolved" ? "Resolved" : "In Progress"}
                  </Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  Started {time(i.startTime)}{i.endTime ? ` · resolved ${time(i.endTime)}` : ""}
                </Text>
                <Text>{i.description}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** System status, measured by the server on every request (GET /api/status); Refresh asks again. */
export function StatusPage() {
  const trpc = useTRPC();
  const query = useQuery(trpc.status.get.queryOptions());
  const { communityChatUrl } = useSiteSettings();
  // The server decides the overall state from its components; the page only words it.
  const overall = query.data?.status ?? null;
  return (
    <InfoPage title="System Status" intro="Live health of the web server, the database, the job queue and every price source.">
      <HStack justify="space-between" wrap="wrap" gap="3" mb="6">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {query.data ? `Last updated ${time(query.data.checkedAt)}` : "Checking…"}
        </Text>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <LuRefreshCw aria-hidden /> Refresh
        </Button>
      </HStack>
      {query.isPending ? (
        <Skeleton h="24" rounded="lg" />
      ) : query.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Status unavailable</Alert.Title>
            <Alert.Description>The server did not answer the status check: {query.error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Stack gap="10">
          <Alert.Root status={overall === "operational" ? "success" : overall === "outage" ? "error" : "warning"} variant="solid" data-testid="status-banner">
            <Alert.Indicator />
            <Alert.Title fontSize="lg">{bannerTitle(overall ?? "degraded")}</Alert.Title>
          </Alert.Root>
          <ComponentList title="Platform" components={query.data.components.filter((c) => c.group === "platform")} />
          <ComponentList title="Price sources" components={query.data.components.filter((c) => c.group === "price-source")} />
          <Metrics data={query.data} />
          <Incidents incidents={query.data.incidents} />
          {communityChatUrl && (
            <Text color="fg.muted">
              Questions about an incident? Ask in the{" "}
              <a href={communityChatUrl} target="_blank" rel="noopener noreferrer">community chat</a>.
            </Text>
          )}
        </Stack>
      )}
    </InfoPage>
  );
}

import { Alert, Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Stat, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { LuMail, LuRefreshCw, LuRss } from "react-icons/lu";
import { KIND_SWITCHES } from "../../../shared/notification-switches.ts";
import { STATUS_FEED_PATH } from "../../../shared/status-feed.ts";
import { durationInWords } from "../../../shared/time-in-words.ts";
import { InfoPage } from "../../components/info-page.tsx";
import { useTRPC, type RouterOutputs } from "../../lib/trpc.ts";
import { useSiteSettings } from "../../lib/use-site-settings.ts";
import { LOGIN_PATH } from "../../lib/unauthorized.ts";
import { useAuth } from "../../lib/use-auth.ts";
import { bannerTitle, statusLabel } from "./status-labels.ts";
import { formatCount } from "../../lib/text-format.ts";
import { formatDateTime } from "../../lib/date-format.ts";

type SystemStatus = RouterOutputs["status"]["get"];
const time = (value: string | Date) => formatDateTime(value);

/** The notification settings' switch of the status_incident kind. */
const STATUS_SWITCH_LABEL = KIND_SWITCHES.find((s) => s.kind === "status_incident")!.label;

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

/** What the successful runs were and why some could not run: the same runs the admin area's price log lists. */
function runsDetail(m: NonNullable<SystemStatus["metrics"]>): string {
  const parts = [`${formatCount(m.liveSuccesses)} live, ${formatCount(m.bundledSuccesses)} from the bundled price lists`];
  if (m.notConfigured > 0) parts.push(`${formatCount(m.notConfigured)} could not run: no price source configured`);
  return parts.join("; ");
}

function Metrics({ data }: { data: SystemStatus }) {
  const m = data.metrics;
  const figures: Array<[string, string, string?]> = [["Web server uptime", durationInWords(data.uptimeSeconds * 1000)]];
  if (m) {
    figures.push(
      [`Price runs (${m.days} days)`, formatCount(m.fetches)],
      [
        "Successful runs",
        m.fetches === 0 ? "None yet" : `${formatCount(m.successfulFetches)} of ${formatCount(m.fetches)} (${((m.successfulFetches / m.fetches) * 100).toFixed(1)} %)`,
        m.fetches === 0 ? undefined : runsDetail(m),
      ],
      ["Average live fetch time", m.averageFetchMs === null ? "No data" : `${formatCount(m.averageFetchMs)} ms`],
      [`Incidents (${m.days} days)`, String(m.incidents)],
    );
  }
  const checks = data.priceChecks;
  // The price checks (decision 059): prices shown marked unusual, and those an administrator hid.
  if (checks) figures.push(["Unusual prices", `${formatCount(checks.unusual)} marked`, `${formatCount(checks.hidden)} hidden by an administrator`]);
  return (
    <Box as="section" aria-labelledby="metrics">
      <Heading as="h2" id="metrics" size="lg" mb="3">Measured over the last 30 days</Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="3">
        {figures.map(([label, value, help]) => (
          <Stat.Root key={label} borderWidth="1px" rounded="lg" p="4">
            <Stat.Label>{label}</Stat.Label>
            <Stat.ValueText>{value}</Stat.ValueText>
            {help && <Stat.HelpText>{help}</Stat.HelpText>}
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

/** Whether the visitor is signed in, for the e-mail updates button and its note (not known yet while loading). */
interface SignedIn {
  signedIn: boolean;
  isLoading: boolean;
}

/**
 * Spec: subscribe buttons for e-mail, the feed and community chat. E-mail updates are the
 * `status_incident` notification kind: a signed-in visitor switches it on in the notification
 * settings (its messages go to their confirmed addresses and webhooks); a visitor who is signed
 * out is asked to sign in first. Subscribe asks who is signed in once for the button and its note.
 */
function EmailUpdates({ signedIn, isLoading }: SignedIn) {
  if (isLoading) {
    return <Button size="sm" variant="outline" disabled><LuMail aria-hidden /> E-mail updates</Button>;
  }
  return (
    <Button asChild size="sm" variant="outline">
      {signedIn
        ? <a href="/settings/notifications" aria-describedby="email-updates"><LuMail aria-hidden /> E-mail updates</a>
        : <a href={LOGIN_PATH} aria-describedby="email-updates"><LuMail aria-hidden /> Sign in for e-mail updates</a>}
    </Button>
  );
}

function EmailUpdatesNote({ signedIn, isLoading }: SignedIn) {
  if (isLoading) return null;
  return (
    <Text id="email-updates" fontSize="sm" color="fg.muted">
      {signedIn
        ? `To get an e-mail when an incident is reported here and when it is resolved, switch on "${STATUS_SWITCH_LABEL}" in your notification settings; it goes to your confirmed addresses and webhooks.`
        : "Sign in to get an e-mail when an incident is reported here and when it is resolved, or add the Atom feed to a feed reader."}
    </Text>
  );
}

function Subscribe({ communityChatUrl }: { communityChatUrl: string | null | undefined }) {
  const { isAuthenticated: signedIn, isLoading } = useAuth();
  return (
    <Box as="section" aria-labelledby="subscribe">
      <Heading as="h2" id="subscribe" size="lg" mb="3">Follow incidents</Heading>
      <HStack gap="3" wrap="wrap" mb="2">
        <Button asChild size="sm" variant="outline">
          <a href={STATUS_FEED_PATH} type="application/atom+xml">
            <LuRss aria-hidden /> Atom feed
          </a>
        </Button>
        <EmailUpdates signedIn={signedIn} isLoading={isLoading} />
        {communityChatUrl && (
          <Button asChild size="sm" variant="outline">
            <a href={communityChatUrl} target="_blank" rel="noopener noreferrer">Community chat</a>
          </Button>
        )}
      </HStack>
      <EmailUpdatesNote signedIn={signedIn} isLoading={isLoading} />
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
      {/* React puts this in the document head: how browsers and feed readers find the feed. */}
      <link rel="alternate" type="application/atom+xml" title="TLDScope status" href={STATUS_FEED_PATH} />
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
            <Alert.Title fontSize="lg">{bannerTitle(overall ?? "degraded", query.data.components)}</Alert.Title>
          </Alert.Root>
          <ComponentList title="Platform" components={query.data.components.filter((c) => c.group === "platform")} />
          <ComponentList title="Price sources" components={query.data.components.filter((c) => c.group === "price-source")} />
          <Metrics data={query.data} />
          <Incidents incidents={query.data.incidents} />
          <Subscribe communityChatUrl={communityChatUrl} />
        </Stack>
      )}
    </InfoPage>
  );
}

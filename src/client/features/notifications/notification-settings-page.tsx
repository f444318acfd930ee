import { Alert, Container, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { CertificateReminders } from "./certificate-reminders.tsx";
import { DeliveryLog } from "./delivery-log.tsx";
import { EmailChannels } from "./email-channels.tsx";
import { ReminderPreferences } from "./reminder-preferences.tsx";
import { WatchedTlds } from "./watched-tlds.tsx";
import { WebhookChannels } from "./webhook-channels.tsx";

/** Where notifications go, when expiry and certificate reminders come, and what was sent. */
export function NotificationSettingsPage() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.notifications.overview.queryOptions());
  return (
    <Container maxW="5xl" py="10">
      <Stack gap="8">
        <Stack gap="2">
          <Heading as="h1" size="2xl">Notifications</Heading>
          <Text color="fg.muted">Reminders before your portfolio's domains expire, with what renewing costs at their registrar and where it is cheaper.</Text>
        </Stack>
        {overview.isPending ? <Spinner aria-label="Loading notification settings" /> : overview.isError ? (
          <Text color="fg.error">Could not load your notification settings. {overview.error.message}</Text>
        ) : (
          <>
            {!overview.data.emailAvailable && (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Title>E-mail is not set up on this server (SMTP_URL is unset): no address can be added or notified.</Alert.Title>
              </Alert.Root>
            )}
            <EmailChannels emailAvailable={overview.data.emailAvailable} />
            <WebhookChannels />
            <ReminderPreferences saved={overview.data.preferences} />
            <CertificateReminders kindOn={overview.data.preferences.enabledKinds.includes("certificate")} />
            <WatchedTlds displayCurrency={overview.data.preferences.currency} kindOn={overview.data.preferences.enabledKinds.includes("watched_tld")} />
            <DeliveryLog />
          </>
        )}
      </Stack>
    </Container>
  );
}

import { Container, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { formatWhen } from "./account-types.ts";
import { DataSection } from "./data-section.tsx";
import { EmailSection } from "./email-section.tsx";
import { PasswordSection } from "./password-section.tsx";
import { SessionsSection } from "./sessions-section.tsx";
import { TimeZoneSection } from "./time-zone-section.tsx";
import { TwoFactorSection } from "./two-factor-section.tsx";

/** /settings/account: the signed-in user's own account. */
export function AccountPage() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.account.overview.queryOptions());
  return (
    <Container maxW="4xl" py="10">
      <Stack gap="6">
        <Heading as="h1" size="2xl">Account settings</Heading>
        {overview.isPending ? <Spinner aria-label="Loading your account" /> : overview.isError ? (
          <Text color="fg.error">Could not load your account. {overview.error.message}</Text>
        ) : (
          <>
            <Text color="fg.muted">
              Signed up {formatWhen(overview.data.profile.createdAt)}; last sign-in {formatWhen(overview.data.profile.lastSignInAt)}.
            </Text>
            <EmailSection email={overview.data.profile.email} hasPassword={overview.data.hasPassword} mailConfigured={overview.data.mailConfigured} />
            <PasswordSection hasPassword={overview.data.hasPassword} />
            <TwoFactorSection account={overview.data} />
            <TimeZoneSection timeZone={overview.data.profile.timeZone} />
            <SessionsSection sessions={overview.data.sessions} />
            <DataSection account={overview.data} />
          </>
        )}
      </Stack>
    </Container>
  );
}

import { Alert, Button, Card, Heading, HStack, Stack, Switch, Table, Text } from "@chakra-ui/react";
import { switchSlotRecipe } from "@chakra-ui/react/theme";
import { useEffect, useState } from "react";
import { InfoPage } from "../../components/info-page.tsx";
import { CURRENCY_COOKIE } from "../../lib/display-currency.ts";
import { useHydrated } from "../../lib/hydration.ts";
import {
  ALL_ON, DEFAULT_PREFERENCES, ESSENTIAL_ONLY, loadPreferences, savePreferences, type CookieCategoryId, type CookiePreferences,
} from "./cookie-preferences.ts";

export const SAVED_BANNER_MS = 3000;

/** Every cookie the site sets: when, what for and for how long. */
const SET_COOKIES: ReadonlyArray<{ name: string; when: string; purpose: string; lifetime: string }> = [
  {
    name: "session", when: "When you sign in",
    purpose: "Keeps you signed in. HttpOnly: scripts on the page cannot read it.",
    lifetime: "30 days unless this site is set up with another session length, renewed while you keep using the site; removed when you sign out",
  },
  {
    name: CURRENCY_COOKIE, when: "When you choose a display currency",
    purpose: "Shows prices in the currency you chose, also on pages the server renders for you.",
    lifetime: "One year from your last choice",
  },
  {
    name: "oidc_flow", when: "When you sign in with single sign-on",
    purpose: "Ties the identity provider's answer to the sign-in you started; sent only to the sign-in address.",
    lifetime: "10 minutes, and removed as soon as the sign-in finishes",
  },
];

/** What each category means here. */
const CATEGORIES: ReadonlyArray<{ id: CookieCategoryId; name: string; description: string; examples: string }> = [
  {
    id: "essential", name: "Essential",
    description: "Needed for signing in and for protecting forms. They cannot be switched off.",
    examples: "session, oidc_flow",
  },
  {
    id: "analytics", name: "Analytics",
    description: "Would measure how pages are used. We run no analytics today; your choice is kept so any future measurement respects it.",
    examples: "None set today",
  },
  {
    id: "functional", name: "Functional",
    description: `Remember optional conveniences. Your colour theme and these preferences are kept in your browser's local storage. The ${CURRENCY_COOKIE} cookie is set only when you pick a display currency yourself, so this switch does not affect it.`,
    examples: CURRENCY_COOKIE,
  },
  {
    id: "advertising", name: "Advertising",
    description: "Would personalise advertising. We show no advertising and set no advertising cookies.",
    examples: "None set today",
  },
];

export function CookiesPage() {
  // The server cannot see this browser's storage: server HTML and its hydration show the defaults,
  // and the stored choices replace them once hydrated.
  const hydrated = useHydrated();
  const [preferences, setPreferences] = useState<CookiePreferences>(() => (hydrated ? loadPreferences() : DEFAULT_PREFERENCES));
  const [readStored, setReadStored] = useState(hydrated);
  useEffect(() => {
    if (readStored) return;
    setReadStored(true);
    setPreferences(loadPreferences());
  }, [readStored]);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_BANNER_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const save = (next: CookiePreferences) => {
    setPreferences(next);
    savePreferences(next);
    setSavedAt(Date.now());
  };

  return (
    <InfoPage title="Cookie Policy" intro="Which cookies this site uses, and your choices for the optional kinds." maxW="4xl">
      <Text color="fg.muted" mb="6">Last updated November 26, 2026</Text>
      <Heading as="h2" size="lg" mb="3">Cookies this site sets</Heading>
      <Table.ScrollArea mb="8">
        <Table.Root size="sm" aria-label="Cookies this site sets">
          <Table.Header><Table.Row>
            <Table.ColumnHeader>Cookie</Table.ColumnHeader><Table.ColumnHeader>Set</Table.ColumnHeader>
            <Table.ColumnHeader>Purpose</Table.ColumnHeader><Table.ColumnHeader>Lifetime</Table.ColumnHeader>
          </Table.Row></Table.Header>
          <Table.Body>
            {SET_COOKIES.map((c) => (
              <Table.Row key={c.name}>
                <Table.Cell fontFamily="mono">{c.name}</Table.Cell><Table.Cell>{c.when}</Table.Cell>
                <Table.Cell>{c.purpose}</Table.Cell><Table.Cell>{c.lifetime}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Text mb="6">No other cookies are set, and none by other sites.</Text>
      {savedAt !== null && (
        <Alert.Root status="success" mb="6" role="status">
          <Alert.Indicator />
          <Alert.Title>Your cookie preferences have been saved.</Alert.Title>
        </Alert.Root>
      )}
      <Stack gap="4" mb="6">
        {CATEGORIES.map((c) => (
          <Card.Root key={c.id} variant="outline">
            <Card.Body gap="2">
              <HStack justify="space-between" gap="4">
                <Heading as="h2" size="md" id={`cookie-${c.id}`}>{c.name}</Heading>
                <Switch.Root recipe={switchSlotRecipe} colorPalette="blue" checked={preferences[c.id]} disabled={c.id === "essential"}
                  onCheckedChange={(e) => setPreferences((p) => ({ ...p, [c.id]: c.id === "essential" ? true : e.checked }))}>
                  <Switch.HiddenInput />
                  <Switch.Control><Switch.Thumb /></Switch.Control>
                  <Switch.Label srOnly>{c.name} cookies</Switch.Label>
                  <Text as="span" fontSize="sm" aria-hidden>{c.id === "essential" ? "Always on" : preferences[c.id] ? "On" : "Off"}</Text>
                </Switch.Root>
              </HStack>
              <Text>{c.description}</Text>
              <Text fontSize="sm" color="fg.muted">Examples: {c.examples}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
      <HStack gap="3" wrap="wrap">
        <Button colorPalette="blue" onClick={() => save(ALL_ON)}>Accept All</Button>
        <Button variant="outline" onClick={() => save(ESSENTIAL_ONLY)}>Reject Non-Essential</Button>
        <Button variant="outline" onClick={() => save(preferences)}>Save Preferences</Button>
      </HStack>
    </InfoPage>
  );
}

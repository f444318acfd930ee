import { Alert, Button, Card, Heading, HStack, Stack, Switch, Text } from "@chakra-ui/react";
import { switchSlotRecipe } from "@chakra-ui/react/theme";
import { useEffect, useState } from "react";
import { InfoPage } from "../../components/info-page.tsx";
import { useHydrated } from "../../lib/hydration.ts";
import {
  ALL_ON, DEFAULT_PREFERENCES, ESSENTIAL_ONLY, loadPreferences, savePreferences, type CookieCategoryId, type CookiePreferences,
} from "./cookie-preferences.ts";

export const SAVED_BANNER_MS = 3000;

/** What each category means here; the product sets only the essential session cookie today. */
const CATEGORIES: ReadonlyArray<{ id: CookieCategoryId; name: string; description: string; examples: string }> = [
  {
    id: "essential", name: "Essential",
    description: "Needed for signing in and for protecting forms. They cannot be switched off.",
    examples: "session (your signed-in session, HttpOnly), the short-lived sign-in cookies of single sign-on",
  },
  {
    id: "analytics", name: "Analytics",
    description: "Would measure how pages are used. We run no analytics today; your choice is kept so any future measurement respects it.",
    examples: "None set today",
  },
  {
    id: "functional", name: "Functional",
    description: "Would remember optional conveniences. Your colour theme and these preferences are kept in your browser's local storage, not in cookies.",
    examples: "None set today",
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
      <Text color="fg.muted" mb="6">Last updated September 14, 2025</Text>
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

import { Button, Stack, Text, type StackProps } from "@chakra-ui/react";
import { LOGIN_PATH, LOGOUT_PATH } from "../../lib/unauthorized.ts";
import { displayName, useAuth } from "../../lib/use-auth.ts";

/**
 * Sign-in and sign-out are full-page navigations to the server (spec section 1), so these are
 * plain anchors styled as buttons, not router links. Nothing renders while the probe runs, so
 * a signed-in visitor never sees "Sign In" flash.
 */
export function AuthActions(props: StackProps) {
  const { user, isLoading } = useAuth();
  if (isLoading) return null;
  if (user) {
    return (
      <Stack gap="3" align={{ base: "stretch", md: "center" }} {...props}>
        <Text fontSize="sm" color="fg.muted" truncate maxW="48">
          Welcome, {displayName(user)}
        </Text>
        <Button asChild size="sm" variant="outline">
          <a href={LOGOUT_PATH}>Sign Out</a>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="2" {...props}>
      <Button asChild size="sm" variant="ghost">
        <a href={LOGIN_PATH}>Sign In</a>
      </Button>
      <Button asChild size="sm" colorPalette="blue">
        <a href={LOGIN_PATH}>Get Started</a>
      </Button>
    </Stack>
  );
}

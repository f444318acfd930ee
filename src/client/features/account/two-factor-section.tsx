import { Box, Button, Code, Field, HStack, Input, List, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SectionCard } from "../../components/section-card.tsx";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import type { AccountOverview } from "./account-types.ts";

/** The codes, shown once: the server keeps only their hashes. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" role="region" aria-label="Recovery codes">
      <Text fontWeight="semibold">Your recovery codes: save them now, they will not be shown again.</Text>
      <Text color="fg.muted" fontSize="sm">Each one signs you in once if you lose your phone.</Text>
      <List.Root as="ol" mt="2" columns={2} fontFamily="mono" data-testid="recovery-codes">
        {codes.map((c) => <List.Item key={c}>{c}</List.Item>)}
      </List.Root>
    </Box>
  );
}

/** Two-step sign-in: set up with a QR code and a code check; turn off or renew codes with the password and a code. */
export function TwoFactorSection({ account }: { account: AccountOverview }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.account.overview.queryKey() });
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onError = (e: { message: string }) => setError(e.message);
  const begin = useMutation(trpc.account.beginTwoFactorSetup.mutationOptions({ onSuccess: (s) => { setSetup(s); setError(null); }, onError }));
  const confirm = useMutation(trpc.account.confirmTwoFactorSetup.mutationOptions({
    onSuccess: (r) => { setCodes(r.recoveryCodes); setSetup(null); setCode(""); setPassword(""); setError(null); refresh(); }, onError,
  }));
  const turnOff = useMutation(trpc.account.turnOffTwoFactor.mutationOptions({
    onSuccess: () => { setCode(""); setPassword(""); setCodes(null); setError(null); refresh(); notify({ type: "success", title: "Two-step sign-in is off" }); }, onError,
  }));
  const renew = useMutation(trpc.account.renewRecoveryCodes.mutationOptions({
    onSuccess: (r) => { setCodes(r.recoveryCodes); setCode(""); setPassword(""); setError(null); refresh(); }, onError,
  }));
  const { twoFactor, hasPassword } = account;
  const confirmInput = () => ({ code, ...(hasPassword ? { password } : {}) });

  return (
    <SectionCard title="Two-step sign-in">
      <Text>
        {twoFactor.enabled
          ? `On: after your password, sign-in asks for a code from your authenticator app. ${twoFactor.recoveryCodesLeft} recovery codes left.`
          : "Off. With it on, sign-in also asks for a 6-digit code from an authenticator app on your phone."}
      </Text>
      {codes && <RecoveryCodes codes={codes} />}
      {error && <Text color="fg.error" role="alert">{error}</Text>}
      {!twoFactor.enabled && !setup && (
        <form aria-label="Set up two-step sign-in" onSubmit={(e) => { e.preventDefault(); begin.mutate(hasPassword ? { password } : {}); }}>
          <Stack gap="2" maxW="sm">
            {hasPassword && (
              <Field.Root>
                <Field.Label>Current password</Field.Label>
                <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
                <Field.HelperText>Asked again so that nobody who finds you signed in can lock you out.</Field.HelperText>
              </Field.Root>
            )}
            <HStack><Button type="submit" colorPalette="blue" disabled={begin.isPending}>Set up two-step sign-in</Button></HStack>
          </Stack>
        </form>
      )}
      {!twoFactor.enabled && setup && (
        <Stack gap="3">
          <Text>Scan this code with your authenticator app, or type the key into it, then enter the code it shows.</Text>
          {/* An SVG the server drew from the otpauth:// address: no script, only rectangles. */}
          <Box w="48" h="48" bg="white" p="2" borderRadius="md" aria-label="QR code for your authenticator app" role="img"
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }} css={{ "& svg": { width: "100%", height: "100%" } }} />
          <Text fontSize="sm">Key: <Code data-testid="totp-secret">{setup.secret}</Code></Text>
          <form aria-label="Confirm two-step sign-in" onSubmit={(e) => { e.preventDefault(); confirm.mutate({ code, ...(hasPassword ? { password } : {}) }); }}>
            <HStack align="end" maxW="sm">
              <Input aria-label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={6} />
              <Button type="submit" colorPalette="blue" disabled={confirm.isPending}>Turn on</Button>
            </HStack>
          </form>
        </Stack>
      )}
      {twoFactor.enabled && (
        <form aria-label="Manage two-step sign-in" onSubmit={(e) => e.preventDefault()}>
          <Stack gap="3" maxW="sm">
            {hasPassword && <Input type="password" aria-label="Current password" placeholder="Current password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
            <Input aria-label="Code from the app or a recovery code" placeholder="Code from the app or a recovery code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={40} />
            <HStack>
              <Button variant="outline" onClick={() => renew.mutate(confirmInput())} disabled={renew.isPending}>New recovery codes</Button>
              <Button variant="outline" colorPalette="red" onClick={() => turnOff.mutate(confirmInput())} disabled={turnOff.isPending}>Turn off</Button>
            </HStack>
          </Stack>
        </form>
      )}
    </SectionCard>
  );
}

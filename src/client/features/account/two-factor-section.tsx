import { Box, Button, Code, Field, HStack, Input, List, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LuCheck, LuCopy, LuDownload } from "react-icons/lu";
import { SectionCard } from "../../components/section-card.tsx";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import type { AccountOverview } from "./account-types.ts";

const CODES_FILE = "tldscope-recovery-codes.txt";

/** The codes as one text, a numbered line each: what Copy puts on the clipboard and Download saves. */
export const recoveryCodesText = (codes: readonly string[]) =>
  `TLDScope recovery codes (each signs you in once)\n${codes.map((c, i) => `${String(i + 1).padStart(2, " ")}. ${c}`).join("\n")}\n`;

/** The codes, shown once: the server keeps only their hashes. Copy and Download save them all at once. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = recoveryCodesText(codes);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      notify({ type: "error", title: "Could not copy", description: "Your browser did not allow it: select the codes and copy them, or use Download." });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: CODES_FILE });
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" role="region" aria-label="Recovery codes">
      <Text fontWeight="semibold">Your recovery codes: save them now, they will not be shown again.</Text>
      <Text color="fg.muted" fontSize="sm">Each one signs you in once if you lose your phone.</Text>
      {/* Each code with its number, both inside the box, in one or two columns as the width allows. */}
      <List.Root as="ol" variant="plain" mt="3" display="grid" gridTemplateColumns={{ base: "1fr", sm: "1fr 1fr" }} columnGap="6" rowGap="1"
        fontFamily="mono" data-testid="recovery-codes">
        {codes.map((c, i) => (
          <List.Item key={c} display="flex" gap="2">
            <Text as="span" color="fg.muted" minW="3ch" textAlign="end">{i + 1}.</Text>
            <Text as="span" overflowWrap="anywhere">{c}</Text>
          </List.Item>
        ))}
      </List.Root>
      <HStack mt="3" gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          {copied ? <LuCheck aria-hidden /> : <LuCopy aria-hidden />} {copied ? "Copied" : "Copy"}
        </Button>
        <Button size="sm" variant="outline" onClick={download}><LuDownload aria-hidden /> Download</Button>
      </HStack>
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
              <Field.Root>
                <Field.Label>Code from the app</Field.Label>
                <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={6} />
              </Field.Root>
              <Button type="submit" colorPalette="blue" disabled={confirm.isPending}>Turn on</Button>
            </HStack>
          </form>
        </Stack>
      )}
      {twoFactor.enabled && (
        <form aria-label="Manage two-step sign-in" onSubmit={(e) => e.preventDefault()}>
          <Stack gap="3" maxW="sm">
            {hasPassword && (
              <Field.Root>
                <Field.Label>Current password</Field.Label>
                <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </Field.Root>
            )}
            <Field.Root>
              <Field.Label>Code from the app or a recovery code</Field.Label>
              <Input autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={40} />
              <Field.HelperText>Needed for new recovery codes and to turn two-step sign-in off.</Field.HelperText>
            </Field.Root>
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

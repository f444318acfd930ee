import { Button, Field, HStack, Input, Link, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { SectionCard } from "../../components/section-card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import type { AccountOverview } from "./account-types.ts";

/** Fetches the export and saves it as the file the server names. */
async function downloadExport(): Promise<void> {
  const res = await fetch("/api/account/export", { credentials: "include" });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `${res.status}: ${res.statusText}`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "tldscope-account.json";
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Download my data; delete my account (after asking, with the password and a code when two-step sign-in is on). */
export function DataSection({ account }: { account: AccountOverview }) {
  const trpc = useTRPC();
  const [downloading, setDownloading] = useState(false);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [confirmEmail, setConfirmEmail] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation(trpc.account.deleteAccount.mutationOptions({
    onSuccess: () => window.location.assign("/"),
    onError: (e) => setError(e.message),
  }));
  const download = async () => {
    setDownloading(true);
    try {
      await downloadExport();
    } catch (e) {
      notify({ type: "error", title: "Download failed", description: (e as Error).message });
    } finally {
      setDownloading(false);
    }
  };
  const submit = () => {
    setError(null);
    remove.mutate({
      ...(account.hasPassword ? { password } : { confirmEmail }),
      ...(account.twoFactor.enabled ? { code } : {}),
    });
  };
  return (
    <SectionCard title="Your data">
      <Text>
        Download everything your account holds as one JSON file: profile, portfolio with registry records, registrar accounts (without their keys),
        notification settings, watched TLDs, API key names and the last 90 days of notifications.
      </Text>
      <HStack wrap="wrap" gap="4">
        <Button onClick={() => void download()} disabled={downloading}>{downloading ? "Preparing…" : "Download my data"}</Button>
        <Link href="/api/user-domains/export.csv">Portfolio as CSV</Link>
        <Link href="/api/user-domains/forecast.csv">Renewal forecast as CSV</Link>
      </HStack>
      <Stack gap="2" pt="4" borderTopWidth="1px">
        <Text fontWeight="semibold">Delete my account</Text>
        <Text color="fg.muted">Removes your account and everything in it for good, and signs you out everywhere. Download your data first if you want to keep it.</Text>
        <HStack><Button colorPalette="red" variant="outline" onClick={() => { setError(null); setOpen(true); }}>Delete my account</Button></HStack>
      </Stack>
      <ConfirmDialog title="Delete your account?" open={open} onOpenChange={setOpen} confirmLabel="Delete my account for good" pendingLabel="Deleting…"
        pending={remove.isPending} onConfirm={submit}>
        <Stack gap="3">
          <Text>This cannot be undone: your portfolio, registrar accounts, API keys and notification settings go with it.</Text>
          {account.hasPassword ? (
            <Field.Root><Field.Label>Your password</Field.Label>
              <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} /></Field.Root>
          ) : (
            <Field.Root><Field.Label>Type your e-mail address ({account.profile.email})</Field.Label>
              <Input value={confirmEmail} onChange={(e) => setConfirmEmail(e.target.value)} /></Field.Root>
          )}
          {account.twoFactor.enabled && (
            <Field.Root><Field.Label>Code from your app, or a recovery code</Field.Label>
              <Input autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} /></Field.Root>
          )}
          {error && <Text color="fg.error" role="alert">{error}</Text>}
        </Stack>
      </ConfirmDialog>
    </SectionCard>
  );
}

import { Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { LuCalendarClock, LuCheck, LuCopy } from "react-icons/lu";
import { AppDialog } from "../../components/ui/app-dialog.tsx";
import { useDisplayCurrency } from "../../lib/display-currency.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { notifyFailure, notifySuccess } from "../../lib/mutation-toasts.ts";

/**
 * A private iCalendar feed of expiry dates for calendar apps. The server keeps only a hash of
 * the secret, so a link can be shown once, right after it is made; making another one
 * replaces it, and Revoke stops any link from working.
 */
export function CalendarFeedButton() {
  const trpc = useTRPC();
  // The feed's prices are in the display currency chosen when the link is made.
  const currency = useDisplayCurrency();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const urlRef = useRef<HTMLInputElement>(null);
  const create = useMutation(trpc.portfolio.calendarToken.mutationOptions({
    onSuccess: (result) => {
      setUrl(result.url);
      setCopied(false);
    },
    onError: (error) => notifyFailure("Failed to create calendar feed", error, error.message),
  }));
  const revoke = useMutation(trpc.portfolio.revokeCalendarToken.mutationOptions({
    onSuccess: () => {
      setUrl(null);
      notifySuccess("Calendar feed revoked");
    },
    onError: (error) => notifyFailure("Failed to revoke calendar feed", error, error.message),
  }));

  // Never rejects: a refused clipboard falls back to selecting the URL.
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard permission (plain http, old browser): select it for a manual copy.
      urlRef.current?.select();
    }
  };

  return (
    <AppDialog
      title="Calendar feed"
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="outline" size="sm"><LuCalendarClock aria-hidden /> Calendar feed</Button>}
      footer={
        <>
          <Button variant="outline" colorPalette="red" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            Revoke
          </Button>
          <Button colorPalette="blue" disabled={create.isPending} onClick={() => create.mutate({ currency })}>
            {url ? "Create new link" : "Create link"}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>
          Subscribe to your domains' expiry dates in any calendar app, with a reminder 30 days before each one.
          Each event names the renewal price in {currency}, as your portfolio shows it.
          Anyone with the link can read the feed, so keep it private. Creating a new link stops the previous one.
        </Text>
        {url && (
          <Field.Root>
            <Field.Label>Private feed URL</Field.Label>
            <HStack w="full">
              <Input ref={urlRef} readOnly value={url} onFocus={(e) => e.currentTarget.select()} fontFamily="mono" fontSize="sm" />
              <Button variant="outline" onClick={() => void copy()} aria-label={copied ? "Copied" : "Copy feed URL"}>
                {copied ? <LuCheck aria-hidden /> : <LuCopy aria-hidden />} {copied ? "Copied" : "Copy"}
              </Button>
            </HStack>
            <Field.HelperText>Shown once: copy it now.</Field.HelperText>
          </Field.Root>
        )}
      </Stack>
    </AppDialog>
  );
}

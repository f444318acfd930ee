import { Alert, Button, Field, HStack, Input } from "@chakra-ui/react";
import { useRef, useState } from "react";
import { LuCheck, LuCopy } from "react-icons/lu";

/** The secret of a key just made. The server keeps only its hash, so this is the one showing. */
export function NewKeyNotice({ name, secret }: { name: string; secret: string }) {
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard permission (plain http, old browser): select it for a manual copy.
      inputRef.current?.select();
    }
  };
  return (
    <Alert.Root status="success" flexDirection="column" alignItems="stretch" gap="3">
      <Alert.Title>Key "{name}" created. Copy it now: it will not be shown again.</Alert.Title>
      <Field.Root>
        <Field.Label>Your new API key</Field.Label>
        <HStack w="full">
          <Input ref={inputRef} readOnly value={secret} fontFamily="mono" onFocus={(e) => e.currentTarget.select()} />
          <Button variant="outline" onClick={() => void copy()} aria-label="Copy API key">
            {copied ? <LuCheck aria-hidden /> : <LuCopy aria-hidden />} {copied ? "Copied" : "Copy"}
          </Button>
        </HStack>
      </Field.Root>
    </Alert.Root>
  );
}

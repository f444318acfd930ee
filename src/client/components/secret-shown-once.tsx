import { Alert, Button, Field, HStack, Input } from "@chakra-ui/react";
import { useRef, useState, type ReactNode } from "react";
import { LuCheck, LuCopy } from "react-icons/lu";

interface SecretShownOnceProps {
  /** What was made, and that the secret will not be shown again. */
  title: ReactNode;
  /** The field's label. */
  label: string;
  /** The button's accessible name. */
  copyLabel: string;
  secret: string;
  /** Anything to say below the secret. */
  children?: ReactNode;
}

/**
 * A secret the server keeps only hashed or sealed, so this answer is the one time it is shown:
 * read-only, selected on focus, with a copy button that falls back to selecting it.
 */
export function SecretShownOnce({ title, label, copyLabel, secret, children }: SecretShownOnceProps) {
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
      <Alert.Title>{title}</Alert.Title>
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <HStack w="full">
          <Input ref={inputRef} readOnly value={secret} fontFamily="mono" onFocus={(e) => e.currentTarget.select()} />
          <Button variant="outline" onClick={() => void copy()} aria-label={copyLabel}>
            {copied ? <LuCheck aria-hidden /> : <LuCopy aria-hidden />} {copied ? "Copied" : "Copy"}
          </Button>
        </HStack>
      </Field.Root>
      {children}
    </Alert.Root>
  );
}

import { Input, InputGroup } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { LuSearch } from "react-icons/lu";

export const SEARCH_DEBOUNCE_MS = 300;

interface DebouncedSearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
  delayMs?: number;
}

/**
 * Types freely, commits after a pause: each commit may be a request and a URL change, so one
 * per keystroke would flood both. An outside change (back button, reset) replaces the text.
 */
export function DebouncedSearchInput({ value, onChange, placeholder, label, delayMs = SEARCH_DEBOUNCE_MS }: DebouncedSearchInputProps) {
  const [text, setText] = useState(value);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text === latest.current.value) return;
    const timer = setTimeout(() => latest.current.onChange(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return (
    <InputGroup startElement={<LuSearch aria-hidden />} flex="1" minW={{ base: "full", sm: "60" }}>
      <Input type="search" value={text} placeholder={placeholder} aria-label={label} onChange={(e) => setText(e.target.value)} />
    </InputGroup>
  );
}

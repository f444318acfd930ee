import { NativeSelect, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { DebouncedSearchInput } from "./debounced-search-input.tsx";

interface FilterBarProps {
  /** The search landmark's name ("Filter TLDs"). */
  label: string;
  /** The search box: its text, committed after a pause, its accessible name and placeholder. */
  search: string;
  onSearch: (search: string) => void;
  searchLabel: string;
  placeholder: string;
  mb?: string;
  /** The page's own choices (SelectFilter), after the search box. */
  children: ReactNode;
}

/** A list's search box and choices in one search landmark: a row, or a column on a phone. */
export function FilterBar({ label, search, onSearch, searchLabel, placeholder, mb, children }: FilterBarProps) {
  return (
    <Stack direction={{ base: "column", md: "row" }} gap="3" mb={mb} role="search" aria-label={label}>
      <DebouncedSearchInput value={search} onChange={onSearch} placeholder={placeholder} label={searchLabel} />
      {children}
    </Stack>
  );
}

interface SelectFilterProps {
  /** The select's accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Its width beside the search box (full width on a phone). */
  width: string;
  /** Never narrowed below `width`, for options whose words must not be cut. */
  keepWidth?: boolean;
  /** The options. */
  children: ReactNode;
}

/** One choice of a FilterBar, as a native select. */
export function SelectFilter({ label, value, onChange, width, keepWidth, children }: SelectFilterProps) {
  return (
    <NativeSelect.Root w={{ base: "full", md: width }} flexShrink={keepWidth ? 0 : undefined}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

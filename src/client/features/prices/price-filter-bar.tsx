import { NativeSelect, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { DebouncedSearchInput } from "../../components/debounced-search-input.tsx";
import {
  SORT_PRESETS, applySortPreset, customSortLabel, presetFor, setCategory, setSearch,
  type CategoryFilter, type SortPreset, type TableState,
} from "./table-state.ts";

const CATEGORY_OPTIONS: ReadonlyArray<{ value: CategoryFilter; label: string }> = [
  { value: "all", label: "All Categories" },
  { value: "generic", label: "Generic" },
  { value: "country-code", label: "Country Code" },
  { value: "sponsored", label: "Sponsored" },
];

const CUSTOM_SORT = "custom";

interface PriceFilterBarProps {
  state: TableState;
  onStateChange: (next: TableState) => void;
}

export function PriceFilterBar({ state, onStateChange }: PriceFilterBarProps) {
  // "Sort by Name" and "Alphabetical" are the same order; remember which one the visitor picked.
  const [preferred, setPreferred] = useState<SortPreset>("name");
  const preset = presetFor(state, preferred);
  return (
    <Stack direction={{ base: "column", md: "row" }} gap="3" mb="4" role="search" aria-label="Filter TLDs">
      <DebouncedSearchInput
        value={state.search}
        onChange={(search) => onStateChange(setSearch(state, search))}
        placeholder="Search TLDs..."
        label="Search TLDs"
      />
      <NativeSelect.Root w={{ base: "full", md: "48" }}>
        <NativeSelect.Field
          aria-label="Filter by category"
          value={state.category}
          onChange={(e) => onStateChange(setCategory(state, e.target.value as CategoryFilter))}
        >
          {CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {/* Wide enough for its longest words ("Registration: High to Low"), which are never cut. */}
      <NativeSelect.Root w={{ base: "full", md: "64" }} flexShrink={0}>
        <NativeSelect.Field
          aria-label="Sort order"
          value={preset ?? CUSTOM_SORT}
          onChange={(e) => {
            const next = e.target.value as SortPreset;
            setPreferred(next);
            onStateChange(applySortPreset(state, next));
          }}
        >
          {(Object.keys(SORT_PRESETS) as SortPreset[]).map((key) => (
            <option key={key} value={key}>
              {SORT_PRESETS[key].label}
            </option>
          ))}
          {/* Shown only while a column header has picked an order none of the presets names. */}
          {preset === null && (
            <option value={CUSTOM_SORT} disabled>
              {customSortLabel(state)}
            </option>
          )}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}

import { Text } from "@chakra-ui/react";
import { FilterBar, SelectFilter } from "../../components/filter-bar.tsx";
import {
  POPULAR_ORDER_WORDS, SORT_PRESETS, applySortPreset, customSortLabel, presetFor, setCategory, setSearch,
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
  const preset = presetFor(state);
  // Says which order the list opens on.
  const popular = state.sortBy === "popularity" && state.sortOrder === "asc";
  return (
    <>
      <FilterBar label="Filter TLDs" mb={popular ? "2" : "4"} searchLabel="Search TLDs" placeholder="Search TLDs..."
        search={state.search} onSearch={(search) => onStateChange(setSearch(state, search))}>
        <SelectFilter label="Filter by category" width="48" value={state.category}
          onChange={(category) => onStateChange(setCategory(state, category as CategoryFilter))}>
          {CATEGORY_OPTIONS.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </SelectFilter>
        {/* Wide enough for its longest words ("Registration: High to Low"), which are never cut. */}
        <SelectFilter label="Sort order" width="64" keepWidth value={preset ?? CUSTOM_SORT}
          onChange={(value) => onStateChange(applySortPreset(state, value as SortPreset))}>
          {(Object.keys(SORT_PRESETS) as SortPreset[]).map((key) => <option key={key} value={key}>{SORT_PRESETS[key].label}</option>)}
          {/* Shown only while a column header has picked an order none of the presets names. */}
          {preset === null && <option value={CUSTOM_SORT} disabled>{customSortLabel(state)}</option>}
        </SelectFilter>
      </FilterBar>
      {popular && <Text fontSize="sm" color="fg.muted" mb="3" data-testid="sort-order-note">{POPULAR_ORDER_WORDS}</Text>}
    </>
  );
}

import { useState } from "react";
import { FilterBar, SelectFilter } from "../../components/filter-bar.tsx";
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
    <FilterBar label="Filter TLDs" mb="4" searchLabel="Search TLDs" placeholder="Search TLDs..."
      search={state.search} onSearch={(search) => onStateChange(setSearch(state, search))}>
      <SelectFilter label="Filter by category" width="48" value={state.category}
        onChange={(category) => onStateChange(setCategory(state, category as CategoryFilter))}>
        {CATEGORY_OPTIONS.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </SelectFilter>
      {/* Wide enough for its longest words ("Registration: High to Low"), which are never cut. */}
      <SelectFilter label="Sort order" width="64" keepWidth value={preset ?? CUSTOM_SORT}
        onChange={(value) => {
          const next = value as SortPreset;
          setPreferred(next);
          onStateChange(applySortPreset(state, next));
        }}>
        {(Object.keys(SORT_PRESETS) as SortPreset[]).map((key) => <option key={key} value={key}>{SORT_PRESETS[key].label}</option>)}
        {/* Shown only while a column header has picked an order none of the presets names. */}
        {preset === null && <option value={CUSTOM_SORT} disabled>{customSortLabel(state)}</option>}
      </SelectFilter>
    </FilterBar>
  );
}

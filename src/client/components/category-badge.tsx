/**
 * Badges as plain spans styled by the `.app-badge` global class (see ui/app-global-css.ts):
 * they appear in every table row, where a Chakra Badge each was measurably slow to render.
 */
const CATEGORIES: Record<string, { label: string; palette: string }> = {
  generic: { label: "Generic", palette: "blue" },
  "country-code": { label: "Country Code", palette: "green" },
  sponsored: { label: "Sponsored", palette: "purple" },
  other: { label: "Other", palette: "gray" },
};

/** Each TLD category gets its own colour so a column of badges scans quickly. */
export function CategoryBadge({ category }: { category: string }) {
  const style = CATEGORIES[category] ?? { label: category, palette: "gray" };
  return (
    <span className="app-badge" data-palette={style.palette} data-category={category}>
      {style.label}
    </span>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className="app-badge" data-variant="solid" data-palette={active ? "green" : "gray"}>
      {active ? "Active" : "Inactive"}
    </span>
  );
}

export function PromoBadge() {
  return (
    <span className="app-badge" data-palette="orange">
      Promo
    </span>
  );
}

import { Fragment, type ReactNode } from "react";

interface SectionCardProps {
  /** The section's h2. */
  title: string;
  children: ReactNode;
  /** Space between the body's children (spacing tokens 3 or 4). */
  gap?: "3" | "4";
}

/**
 * A titled, outlined section of a detail page (TLD and registrar pages): plain elements styled
 * once by the static global stylesheet (`.app-card`, ui/app-global-css.ts) as Chakra's outline
 * Card and a size lg Heading drew it, since every TLD page renders several.
 */
export function SectionCard({ title, children, gap }: SectionCardProps) {
  return (
    <div className="app-card">
      <div className="app-card-header">
        <h2>{title}</h2>
      </div>
      <div className="app-card-body" data-gap={gap}>{children}</div>
    </div>
  );
}

/** Label/value pairs as a definition list (styled by the `.app-dl` class). */
export function FactList({ items, numeric = false }: { items: ReadonlyArray<readonly [string, ReactNode]>; numeric?: boolean }) {
  return (
    <dl className="app-dl">
      {items.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd style={numeric ? { fontWeight: 600, fontVariantNumeric: "tabular-nums" } : undefined}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

import { Card, Heading, type CardBodyProps } from "@chakra-ui/react";
import { Fragment, type ReactNode } from "react";

interface SectionCardProps {
  /** The section's h2. */
  title: string;
  children: ReactNode;
  /** Space between the body's children. */
  gap?: CardBodyProps["gap"];
}

/** A titled, outlined section of a detail page (TLD and registrar pages). */
export function SectionCard({ title, children, gap }: SectionCardProps) {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap={gap}>{children}</Card.Body>
    </Card.Root>
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

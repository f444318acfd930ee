import { Breadcrumb } from "@chakra-ui/react";
import { Link, type LinkProps } from "@tanstack/react-router";
import { Fragment } from "react";

export interface Crumb {
  label: string;
  /** Omitted for the current page, which is the last crumb. */
  to?: LinkProps["to"];
}

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <Breadcrumb.Root mb="4" size="sm">
      <Breadcrumb.List>
        {items.map((item, i) => (
          <Fragment key={item.label}>
            {i > 0 && <Breadcrumb.Separator />}
            <Breadcrumb.Item>
              {item.to ? (
                <Breadcrumb.Link asChild>
                  <Link to={item.to}>{item.label}</Link>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.CurrentLink>{item.label}</Breadcrumb.CurrentLink>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

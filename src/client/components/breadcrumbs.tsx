import { Link, type LinkProps } from "@tanstack/react-router";
import { Fragment } from "react";

export interface Crumb {
  label: string;
  /** Omitted for the current page, which is the last crumb. */
  to?: LinkProps["to"];
}

/**
 * The trail above a page's title: plain elements styled once by the static global stylesheet
 * (`.app-breadcrumb`, ui/app-global-css.ts), drawn and labelled as Chakra's Breadcrumb (size sm)
 * drew them, since every detail page renders one.
 */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="breadcrumb" className="app-breadcrumb">
      <ol>
        {items.map((item, i) => (
          <Fragment key={item.label}>
            {i > 0 && (
              <li aria-hidden="true" className="app-breadcrumb-separator">
                <svg viewBox="0 0 24 24">
                  <path d="m9 18 6-6-6-6" />
                </svg>
              </li>
            )}
            <li className="app-breadcrumb-item">
              {item.to ? (
                <Link to={item.to}>{item.label}</Link>
              ) : (
                <span role="link" aria-current="page">{item.label}</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

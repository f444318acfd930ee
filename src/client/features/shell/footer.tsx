import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { BRAND } from "../../lib/site.ts";
import { useSiteSettings } from "../../lib/use-site-settings.ts";

interface FooterLink {
  label: string;
  href: string;
  external?: boolean;
}

// Every destination from spec section 2. Most informational pages (API Access, most directories,
// support and legal pages) have no route yet, so their links end on the not-found page.
const GROUPS: ReadonlyArray<{ title: string; links: FooterLink[] }> = [
  {
    title: "Product",
    links: [
      { label: "TLD Prices", href: "/tlds" },
      { label: "Home", href: "/" },
      { label: "Portfolio", href: "/portfolio" },
      { label: "API Access", href: "/api-access" },
    ],
  },
  {
    title: "Directory",
    links: [
      { label: "Registry Operators", href: "/registry-operators" },
      { label: "Registry Date Coverage", href: "/registry-coverage" },
      { label: "Registrars", href: "/registrars" },
      { label: "ICANN Accredited Registrars", href: "/icann-accredited-registrars" },
      { label: "Service Providers", href: "/service-providers" },
    ],
  },
  {
    title: "Support",
    links: [
      { label: "Documentation", href: "/documentation" },
      { label: "Help Center", href: "/help" },
      { label: "Contact", href: "/contact" },
      { label: "System Status", href: "/status" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Privacy Policy", href: "/privacy" },
      { label: "Terms of Service", href: "/terms" },
      { label: "Cookie Policy", href: "/cookies" },
    ],
  },
];

export function Footer() {
  const { communityChatUrl } = useSiteSettings();
  // The chat link sits after Help Center, and only when the deployment has a community chat.
  const groups = communityChatUrl
    ? GROUPS.map((group) => group.title !== "Support" ? group : {
      ...group,
      links: group.links.flatMap((link) => link.href === "/help" ? [link, { label: "Community Chat", href: communityChatUrl, external: true }] : [link]),
    })
    : GROUPS;
  // Plain elements styled once by the static global stylesheet (`.app-footer`, ui/app-global-css.ts):
  // the footer is on every page, and as Chakra components its twenty elements were each styled per render.
  return (
    <footer className="app-footer">
      <div className="app-footer-inner">
        <div className="app-footer-grid">
          <div className="app-footer-brand">
            <p>{BRAND}</p>
            <p className="app-footer-muted">
              A domain intelligence and management platform for smart domain registration decisions.
            </p>
          </div>
          {groups.map((group) => (
            <nav aria-label={group.title} key={group.title}>
              <h2>{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.href}>
                    {link.external ? (
                      <a href={link.href} target="_blank" rel="noopener noreferrer">
                        {link.label}
                      </a>
                    ) : (
                      <SpaAnchor href={link.href}>{link.label}</SpaAnchor>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        {/* The year of the page's render (the specification's text had a fixed 2025); a page rendered on
            New Year's Eve and hydrated after midnight may differ by a year, which is not worth a warning. */}
        <p className="app-footer-muted app-footer-copyright" suppressHydrationWarning>
          Copyright {new Date().getFullYear()} {BRAND}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

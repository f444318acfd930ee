/** Top-bar destinations (spec section 2); the signed-in ones are registered by the account area. */
export interface NavItem {
  label: string;
  href: string;
}

export const PUBLIC_NAV: readonly NavItem[] = [
  { label: "TLDs", href: "/tlds" },
  { label: "Registrars", href: "/registrars" },
];

export const SIGNED_IN_NAV: readonly NavItem[] = [
  { label: "Portfolio", href: "/portfolio" },
  { label: "Accounts", href: "/accounts" },
  { label: "API keys", href: "/api-keys" },
  { label: "Notifications", href: "/settings/notifications" },
  { label: "Admin", href: "/admin" },
];

export const navItemsFor = (signedIn: boolean): readonly NavItem[] =>
  signedIn ? [...PUBLIC_NAV, ...SIGNED_IN_NAV] : PUBLIC_NAV;

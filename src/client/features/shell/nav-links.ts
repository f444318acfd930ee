/**
 * Top-bar destinations (spec section 2); the signed-in ones are registered by the account area.
 * The account settings open from the "Welcome, name" greeting (auth-actions.tsx).
 */
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
];

/** Shown to administrators only; anyone else opening /admin still gets 'Access Denied'. */
export const ADMIN_NAV_ITEM: NavItem = { label: "Admin", href: "/admin" };

export const navItemsFor = (signedIn: boolean, isAdmin = false): readonly NavItem[] =>
  !signedIn ? PUBLIC_NAV : isAdmin ? [...PUBLIC_NAV, ...SIGNED_IN_NAV, ADMIN_NAV_ITEM] : [...PUBLIC_NAV, ...SIGNED_IN_NAV];

/**
 * The titles of the pages the browser renders alone (signed-in areas and the live status page):
 * the server writes the page's own title into the shell it sends for them, and the page sets the
 * same one, so no signed-in page carries the home page's title while it loads.
 */
export const PAGE_TITLES = {
  portfolio: "Domain Portfolio",
  portfolioDomain: "Domain",
  transferPlan: "Transfer Plan",
  accounts: "Registrar Accounts",
  apiKeys: "API Keys",
  accountSettings: "Account Settings",
  notificationSettings: "Notification Settings",
  status: "System Status",
  admin: "Admin",
  adminOverview: "System Overview",
  adminOperations: "Operations",
  adminLogs: "Price Retrieval Logs",
  adminAlerts: "Alerts & Notifications",
  adminData: "Data Management",
  adminMessages: "Contact Messages",
  adminSettings: "System Settings",
  adminUsers: "Users",
} as const;

const BY_PATH: [RegExp, string][] = [
  [/^\/portfolio\/?$/, PAGE_TITLES.portfolio],
  [/^\/portfolio\/transfer-plan\/?$/, PAGE_TITLES.transferPlan],
  [/^\/portfolio\/[^/]+\/?$/, PAGE_TITLES.portfolioDomain],
  [/^\/accounts\/?$/, PAGE_TITLES.accounts],
  [/^\/api-keys\/?$/, PAGE_TITLES.apiKeys],
  [/^\/settings\/account\/?$/, PAGE_TITLES.accountSettings],
  [/^\/settings\/notifications\/?$/, PAGE_TITLES.notificationSettings],
  [/^\/status\/?$/, PAGE_TITLES.status],
  [/^\/admin\/operations\/?$/, PAGE_TITLES.adminOperations],
  [/^\/admin\/logs\/?$/, PAGE_TITLES.adminLogs],
  [/^\/admin\/alerts\/?$/, PAGE_TITLES.adminAlerts],
  [/^\/admin\/data\/?$/, PAGE_TITLES.adminData],
  [/^\/admin\/messages\/?$/, PAGE_TITLES.adminMessages],
  [/^\/admin\/settings\/?$/, PAGE_TITLES.adminSettings],
  [/^\/admin\/users\/?$/, PAGE_TITLES.adminUsers],
  // Any other admin path shows the overview.
  [/^\/admin(\/.*)?$/, PAGE_TITLES.adminOverview],
];

export const SITE_NAME = "TLDScope";

/** A page's whole title as the tab shows it: "Domain Portfolio | TLDScope". */
export const fullPageTitle = (title: string): string => `${title} | ${SITE_NAME}`;

/** The title of a page the browser renders alone, or null for any other path. */
export function clientPageTitle(pathname: string): string | null {
  return BY_PATH.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

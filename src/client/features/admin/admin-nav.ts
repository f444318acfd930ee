import type { IconType } from "react-icons";
import { LuActivity, LuBell, LuDatabase, LuLayoutDashboard, LuMail, LuScrollText, LuSettings, LuUsers } from "react-icons/lu";

export interface AdminNavItem {
  label: string;
  /** The page's h1 and document title. */
  title: string;
  to: "/admin" | "/admin/operations" | "/admin/logs" | "/admin/data" | "/admin/alerts" | "/admin/messages" | "/admin/users" | "/admin/settings";
  icon: IconType;
}

/** Spec section 2: the admin sidebar, in order; Messages (the contact form's) and Users are beyond the spec. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { label: "Overview", title: "System Overview", to: "/admin", icon: LuLayoutDashboard },
  { label: "Operations", title: "Operations", to: "/admin/operations", icon: LuActivity },
  { label: "Logs", title: "Price Retrieval Logs", to: "/admin/logs", icon: LuScrollText },
  { label: "Data", title: "Data Management", to: "/admin/data", icon: LuDatabase },
  { label: "Alerts", title: "Alerts & Notifications", to: "/admin/alerts", icon: LuBell },
  { label: "Messages", title: "Contact Messages", to: "/admin/messages", icon: LuMail },
  { label: "Users", title: "Users", to: "/admin/users", icon: LuUsers },
  { label: "Settings", title: "System Settings", to: "/admin/settings", icon: LuSettings },
];

const OVERVIEW = ADMIN_NAV[0]!;

/** The page a path shows; any unknown admin path shows the overview (spec section 2, Admin shell). */
export function adminPageFor(pathname: string): AdminNavItem {
  const path = pathname.replace(/\/+$/, "") || "/";
  return ADMIN_NAV.find((item) => item.to === path) ?? OVERVIEW;
}

export const titleOf = (to: AdminNavItem["to"]): string => ADMIN_NAV.find((item) => item.to === to)?.title ?? OVERVIEW.title;

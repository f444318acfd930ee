import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { LOGIN_PATH, LOGOUT_PATH } from "../../lib/unauthorized.ts";
import { displayName, useAuth } from "../../lib/use-auth.ts";

/**
 * Sign-in and sign-out are full-page navigations to the server (spec section 1), so these are
 * plain anchors styled as buttons, not router links. Nothing renders while the probe runs, so
 * a signed-in visitor never sees "Sign In" flash. Plain elements styled once by the static
 * global stylesheet (`.app-auth`, `.app-button`, ui/app-global-css.ts): they are in the top bar
 * of every page. In the top bar they show from md up, in a row; in the drawer, a full-width column.
 */
export function AuthActions({ placement }: { placement: "bar" | "drawer" }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return null;
  if (user) {
    return (
      <div className="app-auth" data-placement={placement} data-user="">
        {/* The greeting opens the account settings (password, address, sessions, two-step sign-in, your data). */}
        <p className="app-auth-welcome">
          <SpaAnchor href="/settings/account" title="Account settings">Welcome, {displayName(user)}</SpaAnchor>
        </p>
        <a className="app-button" data-variant="outline" href={LOGOUT_PATH}>
          Sign Out
        </a>
      </div>
    );
  }
  return (
    <div className="app-auth" data-placement={placement}>
      <a className="app-button" data-variant="ghost" href={LOGIN_PATH}>
        Sign In
      </a>
      <a className="app-button" data-variant="solid" data-palette="blue" href={LOGIN_PATH}>
        Get Started
      </a>
    </div>
  );
}

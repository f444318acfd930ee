import { Link } from "@tanstack/react-router";
import { ColorModeButton } from "../../components/ui/color-mode.tsx";
import { AuthActions } from "./auth-actions.tsx";
import { CurrencySelect } from "../../components/currency-select.tsx";
import { BRAND } from "../../lib/site.ts";
import { NavDrawer } from "./nav-drawer.tsx";
import { NavLinkList } from "./nav-link-list.tsx";

/**
 * On every page, so plain elements styled once by the static global stylesheet (`.app-topbar`,
 * ui/app-global-css.ts) instead of Chakra components styled on every render.
 */
export function TopBar() {
  return (
    <header className="app-topbar">
      <div className="app-topbar-inner">
        <Link to="/">
          <div className="app-brand">
            <div aria-hidden className="app-brand-mark">
              T
            </div>
            <p className="app-brand-name">{BRAND}</p>
          </div>
        </Link>
        <nav aria-label="Main" className="app-from-md">
          <NavLinkList direction="row" />
        </nav>
        <div className="app-topbar-actions">
          {/* On a phone it sits in the menu drawer, where there is room for it. */}
          <div className="app-from-md">
            <CurrencySelect />
          </div>
          <ColorModeButton />
          <AuthActions placement="bar" />
          <NavDrawer />
        </div>
      </div>
    </header>
  );
}

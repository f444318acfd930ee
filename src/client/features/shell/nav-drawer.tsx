import { Suspense, lazy, useRef, useState } from "react";
import { LuMenu } from "react-icons/lu";

// The drawer (dialog, focus trap, presence) only matters once the menu is opened on a small
// screen, so its code stays out of the first load and arrives on hover, focus or tap.
const loadPanel = () => import("./nav-drawer-panel.tsx");
const NavDrawerPanel = lazy(loadPanel);

/** Small screens: the top-bar links slide in from the side; tapping one closes the drawer. */
export function NavDrawer() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* A plain button (`.app-button`, ui/app-global-css.ts), shown below md: it is in every page's top bar. */}
      <button
        ref={buttonRef}
        type="button"
        className="app-button"
        data-variant="ghost"
        data-icon=""
        data-below="md"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <LuMenu />
      </button>
      {requested && (
        <Suspense fallback={null}>
          <NavDrawerPanel open={open} onOpenChange={setOpen} returnFocusTo={() => buttonRef.current} />
        </Suspense>
      )}
    </>
  );
}

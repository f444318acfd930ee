import { IconButton } from "@chakra-ui/react";
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
      <IconButton
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        display={{ base: "inline-flex", md: "none" }}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <LuMenu />
      </IconButton>
      {requested && (
        <Suspense fallback={null}>
          <NavDrawerPanel open={open} onOpenChange={setOpen} returnFocusTo={() => buttonRef.current} />
        </Suspense>
      )}
    </>
  );
}

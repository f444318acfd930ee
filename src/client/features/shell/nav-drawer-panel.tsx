import { CloseButton, Drawer, Field, Portal } from "@chakra-ui/react";
import { useId } from "react";
import { AuthActions } from "./auth-actions.tsx";
import { CurrencySelect } from "../../components/currency-select.tsx";
import { NavLinkList } from "./nav-link-list.tsx";

interface NavDrawerPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back to the menu button on close (it lives outside the lazily loaded drawer). */
  returnFocusTo: () => HTMLElement | null;
}

export default function NavDrawerPanel({ open, onOpenChange, returnFocusTo }: NavDrawerPanelProps) {
  const close = () => onOpenChange(false);
  const currencyId = useId();
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="end" size="xs" finalFocusEl={returnFocusTo}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <nav aria-label="Mobile">
                <NavLinkList onNavigate={close} />
              </nav>
              <Field.Root mt="6" id={currencyId}>
                <Field.Label>Display currency</Field.Label>
                <CurrencySelect width="full" id={currencyId} />
              </Field.Root>
            </Drawer.Body>
            <Drawer.Footer justifyContent="stretch">
              <AuthActions placement="drawer" />
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

import { CloseButton, Drawer, Field, Portal } from "@chakra-ui/react";
import { AuthActions } from "./auth-actions.tsx";
import { CurrencySelect } from "./currency-select.tsx";
import { NavLinkList } from "./nav-link-list.tsx";

interface NavDrawerPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back to the menu button on close (it lives outside the lazily loaded drawer). */
  returnFocusTo: () => HTMLElement | null;
}

export default function NavDrawerPanel({ open, onOpenChange, returnFocusTo }: NavDrawerPanelProps) {
  const close = () => onOpenChange(false);
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
                <NavLinkList gap="1" onNavigate={close} />
              </nav>
              <Field.Root mt="6">
                <Field.Label>Display currency</Field.Label>
                <CurrencySelect width="full" />
              </Field.Root>
            </Drawer.Body>
            <Drawer.Footer justifyContent="stretch">
              <AuthActions direction="column" w="full" />
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

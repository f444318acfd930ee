import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { dialogSlotRecipe } from "@chakra-ui/react/theme";
import type { ReactNode } from "react";

interface AppDialogProps {
  title: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  /** The action buttons; wrap a dismissing one in `Dialog.ActionTrigger`. */
  footer: ReactNode;
  /** Opens the dialog when clicked (uncontrolled triggers), rendered in place. */
  trigger?: ReactNode;
  size?: Dialog.RootProps["size"];
  /** "inside" scrolls the body of a tall dialog, keeping title and actions in view. */
  scrollBehavior?: Dialog.RootProps["scrollBehavior"];
  /** An alertdialog asks a question: focus starts on the safe choice and there is no close icon. */
  role?: "dialog" | "alertdialog";
}

/** The app's one dialog frame: centred, backdrop, title, body, actions, and a close icon. */
export function AppDialog({ title, open, onOpenChange, children, footer, trigger, size = "md", scrollBehavior, role = "dialog" }: AppDialogProps) {
  return (
    <Dialog.Root recipe={dialogSlotRecipe} role={role} open={open} onOpenChange={(e) => onOpenChange(e.open)}
      placement="center" size={size} scrollBehavior={scrollBehavior}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer flexWrap="wrap">{footer}</Dialog.Footer>
            {role === "dialog" && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

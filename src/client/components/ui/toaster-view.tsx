import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from "@chakra-ui/react";
import type { Notice } from "./toaster.tsx";

/** Spec section 8: one toast at a time, at most 420 px wide. */
export const toaster = createToaster({ placement: "bottom-end", max: 1, pauseOnPageIdle: true });

/**
 * With max 1 a newer toast would queue behind the visible one; dismissing first makes the
 * latest message replace the previous one, which is what "one visible at a time" means here.
 */
export function show({ type = "info", title, description }: Notice): void {
  toaster.dismiss();
  toaster.create({ type, title, description, closable: true, duration: 5000 });
}

export function ToasterView() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root maxW="420px" width={{ md: "sm" }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Dismiss notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

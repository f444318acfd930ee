/**
 * Spec section 8's toasts for portfolio changes. A 401 is left to the app-wide handler
 * (lib/unauthorized.ts), which already tells the user and sends them to sign in; a second
 * "Error" toast would replace that message, since only one toast shows at a time.
 */
import { notify } from "../../components/ui/toaster.tsx";
import { isUnauthorizedError } from "../../lib/unauthorized.ts";

export const MESSAGES = {
  added: "Domain added to portfolio",
  updated: "Domain updated successfully",
  removed: "Domain removed from portfolio",
  addFailed: "Failed to add domain",
  updateFailed: "Failed to update domain",
  removeFailed: "Failed to remove domain",
  kept: "Domain kept as hand-added",
  keepFailed: "Failed to keep domain",
} as const;

export function notifySuccess(description: string): void {
  notify({ type: "success", title: "Success", description });
}

/** `detail` (the server's reason) becomes the description's second sentence when given. */
export function notifyFailure(description: string, error: unknown, detail?: string | null): void {
  if (isUnauthorizedError(error)) return;
  const reason = detail?.trim().replace(/\.$/, "");
  notify({ type: "error", title: "Error", description: reason ? `${description}. ${reason}.` : description });
}

/**
 * Spec section 8's toasts for registrar accounts, word for word. A 401 is left to the
 * app-wide handler, which already tells the user and sends them to sign in.
 */
import { notify } from "../../components/ui/toaster.tsx";
import { isUnauthorizedError } from "../../lib/unauthorized.ts";

export const ACCOUNT_MESSAGES = {
  added: "Account added successfully",
  addFailed: "Failed to add account",
  connectionOk: "Connection successful",
  connectionFailed: "Connection failed",
  testFailed: "Connection test failed",
  syncStarted: "Sync started",
  syncFailed: "Failed to start sync",
  deleted: "Account deleted",
  deleteFailed: "Failed to delete account",
} as const;

export function notifyAccountSuccess(description: string): void {
  notify({ type: "success", title: "Success", description });
}

/** `detail`, the server's reason, follows the spec's message when there is one. */
export function notifyAccountFailure(description: string, error: unknown, detail?: string | null): void {
  if (isUnauthorizedError(error)) return;
  const reason = detail?.trim().replace(/\.$/, "");
  notify({ type: "error", title: "Error", description: reason ? `${description}. ${reason}.` : description });
}

export function notifyConnection(result: { success: boolean; message: string }): void {
  notify(result.success
    ? { type: "success", title: ACCOUNT_MESSAGES.connectionOk, description: result.message }
    : { type: "error", title: ACCOUNT_MESSAGES.connectionFailed, description: result.message });
}

export function notifySyncStarted(message: string): void {
  notify({ type: "success", title: ACCOUNT_MESSAGES.syncStarted, description: message });
}

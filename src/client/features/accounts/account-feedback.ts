/**
 * Spec section 8's toasts for registrar accounts, word for word; "Success" and "Error" are shown
 * by lib/mutation-toasts.ts.
 */
import { notify } from "../../components/ui/toaster.tsx";

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

export function notifyConnection(result: { success: boolean; message: string }): void {
  notify(result.success
    ? { type: "success", title: ACCOUNT_MESSAGES.connectionOk, description: result.message }
    : { type: "error", title: ACCOUNT_MESSAGES.connectionFailed, description: result.message });
}

export function notifySyncStarted(message: string): void {
  notify({ type: "success", title: ACCOUNT_MESSAGES.syncStarted, description: message });
}

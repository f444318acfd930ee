/**
 * Spec section 8's admin toasts. A 401 is left to the app-wide handler (toast, then sign-in)
 * and a 403 to the admin gate ('Access Denied', then home): a failure toast would replace
 * theirs, since only one toast shows at a time.
 */
import { notify } from "../../components/ui/toaster.tsx";
import { isUnauthorizedError } from "../../lib/unauthorized.ts";
import { isForbidden } from "./access-denied.ts";

export const ADMIN_MESSAGES = {
  providerUpdated: "Service provider updated successfully",
  providerUpdateFailed: "Failed to update service provider",
  fetchStarted: "Manual fetch initiated successfully",
  bundledReapplyStarted: "Re-applying the bundled price lists",
  fetchFailed: "Failed to initiate manual fetch",
  fetchCancelled: "Fetch cancelled",
  cancelFailed: "Failed to cancel fetch",
  scheduleCreated: "Schedule created successfully",
  scheduleUpdated: "Schedule updated successfully",
  scheduleSaveFailed: "Failed to save schedule",
  scheduleDeleted: "Schedule deleted successfully",
  scheduleDeleteFailed: "Failed to delete schedule",
  ruleCreated: "Alert rule created successfully",
  ruleUpdated: "Alert rule updated successfully",
  ruleSaveFailed: "Failed to save alert rule",
  incidentUpdated: "Incident updated",
  incidentUpdateFailed: "Failed to update incident",
  cacheCleared: "Cache cleared",
  jobQueued: "Job queued",
  jobRunFailed: "Failed to run the job",
  settingsSaved: "Settings saved successfully",
  settingsSaveFailed: "Failed to save settings",
} as const;

export function notifyAdminSuccess(title: string, description?: string): void {
  notify({ type: "success", title, ...(description ? { description } : {}) });
}

/** The server's reason, when it gave one, is the description. */
export function notifyAdminFailure(title: string, error: unknown): void {
  if (isUnauthorizedError(error) || isForbidden(error)) return;
  const reason = error instanceof Error ? error.message.trim() : "";
  notify({ type: "error", title, ...(reason ? { description: reason } : {}) });
}

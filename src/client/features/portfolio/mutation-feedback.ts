/** Spec section 8's toasts for portfolio changes, word for word (shown by lib/mutation-toasts.ts). */
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

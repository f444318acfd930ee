/**
 * The toasts a change answers with (spec section 8): "Success" with what was done, or "Error"
 * with what failed and, when the server gave one, its reason as a second sentence. A 401 is left
 * to the app-wide handler (lib/unauthorized.ts), which already tells the user and sends them to
 * sign in; a second "Error" toast would replace that message, since only one toast shows at a time.
 */
import { notify } from "../components/ui/toaster.tsx";
import { isUnauthorizedError } from "./unauthorized.ts";

export function notifySuccess(description: string): void {
  notify({ type: "success", title: "Success", description });
}

/** `detail` (the server's reason) becomes the description's second sentence when given. */
export function notifyFailure(description: string, error: unknown, detail?: string | null): void {
  if (isUnauthorizedError(error)) return;
  const reason = detail?.trim().replace(/\.$/, "");
  notify({ type: "error", title: "Error", description: reason ? `${description}. ${reason}.` : description });
}

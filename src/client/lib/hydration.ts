import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False on the server and while this component hydrates server-rendered HTML, true in any other
 * browser render (React renders again once hydration is done). React answers with the server
 * snapshot exactly in those two cases, so this holds for sections hydrated after the shell too.
 * For output that depends on the browser, such as its time zone, or that is deferred on the
 * client but already present in server HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

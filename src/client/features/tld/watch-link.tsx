import { LuBellRing } from "react-icons/lu";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { useAuth } from "../../lib/use-auth.ts";

/** For a signed-in visitor: to the notification settings' watch form, this name filled in. */
export function WatchTldLink({ name, label }: { name: string; label: string }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <SpaAnchor
      className="app-button"
      data-variant="outline"
      href={`/settings/notifications?watch=${encodeURIComponent(name)}`}
      aria-label={`Watch the price of ${label}`}
    >
      <LuBellRing aria-hidden /> Watch this TLD
    </SpaAnchor>
  );
}

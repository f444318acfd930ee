import { useEffect } from "react";

const SITE = "TLDScope";

/** Each page names itself in the tab and browser history (there is no server rendering of <title>). */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE}` : `${SITE}: compare domain prices across registrars`;
  }, [title]);
}

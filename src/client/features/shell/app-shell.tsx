import type { ReactNode } from "react";
import { RenderWhenNear } from "../../components/render-when-near.tsx";
import { Footer } from "./footer.tsx";
import { TopBar } from "./top-bar.tsx";

export function AppShell({ children }: { children: ReactNode }) {
  return (
    // Plain elements styled once by the static global stylesheet (`.app-shell`, ui/app-global-css.ts).
    <div className="app-shell">
      {/* Keyboard users skip the top bar straight to the page content. */}
      <a className="app-skip-link" href="#main">Skip to content</a>
      <TopBar />
      <main className="app-main" id="main" tabIndex={-1}>
        {children}
      </main>
      {/* Below the fold on every page; its twenty links need not hold up the first render. */}
      <RenderWhenNear minH="420px">
        <Footer />
      </RenderWhenNear>
    </div>
  );
}

import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ColorModeProvider } from "./color-mode.tsx";
import { getSystem } from "./system.ts";
import { Toaster } from "./toaster.tsx";

type System = ReturnType<typeof getSystem>;

// Same system, minus the global styles, for when they arrive as a stylesheet instead. Copied by
// descriptor, not spread: in the build `_global` is a lazy getter (vite.config.ts) a spread would run.
// The stylesheet also fixes the cascade layers' order, so the provider need not insert its
// `@layer reset, base, tokens, recipes;` either (`disableLayers` is read only there at run time;
// recipes keep their layers): inserted after hydration, that one rule made the browser restyle and
// lay out the whole page again.
let withoutGlobals: System | undefined;
const systemWithoutGlobals = (): System =>
  (withoutGlobals ??= Object.defineProperties({} as System, {
    ...Object.getOwnPropertyDescriptors(getSystem()),
    _global: { value: [], enumerable: true },
    _config: { value: { ...getSystem()._config, disableLayers: true }, enumerable: true },
  }));

interface UiProviderProps {
  children: ReactNode;
  /**
   * The app entry imports the global styles as a built stylesheet (static-global-css.ts), so
   * the provider must not inject them again. Tests leave this off and get them injected.
   */
  globalCssLoaded?: boolean;
}

export function UiProvider({ children, globalCssLoaded = false }: UiProviderProps) {
  return (
    <ChakraProvider value={globalCssLoaded ? systemWithoutGlobals() : getSystem()}>
      <ColorModeProvider>
        {children}
        <Toaster />
      </ColorModeProvider>
    </ChakraProvider>
  );
}

import { ThemeProvider, useTheme, type ThemeProviderProps } from "next-themes";
import { useEffect, useState } from "react";
import { LuMoon, LuSun } from "react-icons/lu";

/**
 * Follows the system scheme until the visitor picks one; the class on <html> drives Chakra.
 * index.html sets that class before the first paint (src/shared/color-mode-script.ts, allowed by
 * the CSP by its hash), so next-themes' own script, which the CSP would refuse, is typed as inert
 * data. Transitions are switched off only for the visitor's toggle (toggleColorMode):
 * next-themes' disableTransitionOnChange also runs on mount, restyling the whole page twice
 * while it starts.
 */
export function ColorModeProvider(props: ThemeProviderProps) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      scriptProps={{ type: "application/json" }}
      {...props}
    />
  );
}

export function useColorMode() {
  const { resolvedTheme, setTheme } = useTheme();
  const colorMode = resolvedTheme === "dark" ? "dark" : "light";
  const toggleColorMode = () => {
    // Every colour changes at once, without each element's own transition.
    const pause = document.createElement("style");
    pause.textContent = "*,*::before,*::after{transition:none!important}";
    document.head.appendChild(pause);
    setTheme(colorMode === "dark" ? "light" : "dark");
    // next-themes applies the class in an effect; restyle with it before transitions return.
    requestAnimationFrame(() => requestAnimationFrame(() => {
      window.getComputedStyle(document.body);
      pause.remove();
    }));
  };
  return { colorMode, toggleColorMode } as const;
}

/** A plain button (`.app-button`, ui/app-global-css.ts): it is in every page's top bar. */
export function ColorModeButton() {
  const { colorMode, toggleColorMode } = useColorMode();
  // The resolved theme is only known after mount; render a stable icon until then.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const dark = mounted && colorMode === "dark";
  return (
    <button
      type="button"
      className="app-button"
      data-variant="ghost"
      data-icon=""
      aria-label={dark ? "Switch to light mode" : "Switch to dark mode"}
      onClick={toggleColorMode}
    >
      {dark ? <LuSun /> : <LuMoon />}
    </button>
  );
}

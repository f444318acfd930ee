import { IconButton, type IconButtonProps } from "@chakra-ui/react";
import { ThemeProvider, useTheme, type ThemeProviderProps } from "next-themes";
import { useEffect, useState } from "react";
import { LuMoon, LuSun } from "react-icons/lu";

/**
 * Follows the system scheme until the visitor picks one; the class on <html> drives Chakra.
 * next-themes' anti-flash <script> only works in server-rendered HTML, and a client-rendered
 * one never runs (and the CSP forbids inline scripts anyway), so it is typed as inert data;
 * index.html's inline style covers the first paint instead.
 */
export function ColorModeProvider(props: ThemeProviderProps) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      scriptProps={{ type: "application/json" }}
      {...props}
    />
  );
}

export function useColorMode() {
  const { resolvedTheme, setTheme } = useTheme();
  const colorMode = resolvedTheme === "dark" ? "dark" : "light";
  return { colorMode, toggleColorMode: () => setTheme(colorMode === "dark" ? "light" : "dark") } as const;
}

export function ColorModeButton(props: Omit<IconButtonProps, "aria-label">) {
  const { colorMode, toggleColorMode } = useColorMode();
  // The resolved theme is only known after mount; render a stable icon until then.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const dark = mounted && colorMode === "dark";
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={dark ? "Switch to light mode" : "Switch to dark mode"}
      onClick={toggleColorMode}
      {...props}
    >
      {dark ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}

import type { GlobalStyleObject } from "@chakra-ui/react";

/**
 * Styles for elements repeated by the dozen (badges, logo tiles and buttons in every table
 * row, pagination, sortable headers, definition lists). As
 * plain class names they cost nothing per element, where a Chakra component per cell made
 * emotion serialise and hash the same styles hundreds of times during a page's first render.
 */
export const appGlobalCss: GlobalStyleObject = {
  ".app-badge": {
    display: "inline-flex",
    alignItems: "center",
    gap: "1",
    px: "1.5",
    minH: "5",
    rounded: "l2",
    fontSize: "xs",
    fontWeight: "medium",
    lineHeight: "1",
    whiteSpace: "nowrap",
    bg: "gray.subtle",
    color: "gray.fg",
  },
  ".app-badge[data-palette=blue]": { bg: "blue.subtle", color: "blue.fg" },
  ".app-badge[data-palette=green]": { bg: "green.subtle", color: "green.fg" },
  ".app-badge[data-palette=purple]": { bg: "purple.subtle", color: "purple.fg" },
  ".app-badge[data-palette=orange]": { bg: "orange.subtle", color: "orange.fg" },
  ".app-badge[data-palette=yellow]": { bg: "yellow.subtle", color: "yellow.fg" },
  // green.solid (600) under white text is 3.3:1; 700 reaches 5:1 in both colour modes.
  ".app-badge[data-variant=solid][data-palette=green]": { bg: "green.700", color: "white" },
  ".app-badge[data-variant=solid][data-palette=gray]": { bg: "gray.solid", color: "gray.contrast" },
  // Looks like Chakra's Button (sizes xs/sm; variants solid/outline/ghost; blue or gray).
  ".app-btn": {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: "1",
    h: "8",
    minW: "8",
    px: "2.5",
    fontSize: "xs",
    fontWeight: "medium",
    lineHeight: "1.2",
    whiteSpace: "nowrap",
    rounded: "l2",
    borderWidth: "1px",
    borderColor: "transparent",
    cursor: "pointer",
    textDecoration: "none",
    userSelect: "none",
    transition: "background 0.15s",
    bg: "transparent",
    color: "fg",
    "& svg": { w: "3.5", h: "3.5", flexShrink: 0 },
    _hover: { bg: "bg.muted" },
    _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" },
    _disabled: { opacity: 0.5, cursor: "not-allowed" },
  },
  ".app-btn[data-size=sm]": { h: "9", minW: "9", px: "3.5", fontSize: "sm", gap: "2" },
  ".app-btn[data-variant=solid]": { bg: "blue.solid", color: "blue.contrast", _hover: { bg: "blue.solid/90" } },
  ".app-btn[data-variant=outline]": { borderColor: "blue.muted", color: "blue.fg", _hover: { bg: "blue.subtle" } },
  ".app-btn[data-variant=outline][data-palette=gray]": { borderColor: "border", color: "fg", _hover: { bg: "bg.muted" } },
  ".app-btn[aria-current=page]": { bg: "blue.solid", color: "blue.contrast" },
  ".app-btn:is(:disabled, [aria-disabled=true])": { opacity: 0.5, cursor: "not-allowed", _hover: { bg: "revert-layer" } },
  ".app-dl": { display: "grid", gridTemplateColumns: "minmax(8rem, max-content) 1fr", columnGap: "4", rowGap: "2.5", fontSize: "sm", m: "0" },
  ".app-dl dt": { color: "fg.muted" },
  ".app-dl dd": { m: "0", wordBreak: "break-word" },
  ".logo-tile": {
    display: "inline-grid",
    placeItems: "center",
    flexShrink: 0,
    rounded: "md",
    color: "white",
    fontWeight: "bold",
    lineHeight: "1",
  },
};

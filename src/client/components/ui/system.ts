import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  accordionSlotRecipe, alertSlotRecipe, animationStyles, badgeRecipe, breadcrumbSlotRecipe, breakpoints,
  buttonRecipe, cardSlotRecipe, codeRecipe, containerRecipe, dataListSlotRecipe, dialogSlotRecipe,
  drawerSlotRecipe, fieldSlotRecipe, globalCss, headingRecipe, inputRecipe, kbdRecipe, keyframes, layerStyles, linkRecipe,
  listSlotRecipe, nativeSelectSlotRecipe,
  semanticTokens, separatorRecipe, skeletonRecipe, spinnerRecipe, statSlotRecipe, switchSlotRecipe, tableSlotRecipe,
  tabsSlotRecipe, textareaRecipe, textStyles, toastSlotRecipe, tokens,
} from "@chakra-ui/react/theme";
import { appGlobalCss } from "./app-global-css.ts";

/**
 * Building the system's token dictionary and CSS variables is the biggest single cost of
 * starting the app, and it grows with the number of colour palettes. These are the palettes
 * the app uses (whiteAlpha/blackAlpha: overlays); add one here before using it as colorPalette.
 */
const PALETTES = new Set(["gray", "blue", "green", "orange", "purple", "red", "whiteAlpha", "blackAlpha"]);
const ALL_PALETTES = /^(gray|red|orange|yellow|green|teal|blue|cyan|purple|pink|whiteAlpha|blackAlpha)$/;
const usedColours = <T extends object>(colours: T): T =>
  Object.fromEntries(Object.entries(colours).filter(([name]) => !ALL_PALETTES.test(name) || PALETTES.has(name))) as T;

/**
 * Inputs and selects take the gray palette's focus ring, which Chakra draws in gray.400: 2.6:1
 * against white, under WCAG's 3:1 for a focus indicator. They get the buttons' ring instead,
 * blue.500 (3.7:1 on white, 4.3:1 on the dark background), and the global style draws every
 * inside ring 2 px wide, as wide as the buttons' outside one (app-global-css.ts).
 */
const semanticColours = usedColours(semanticTokens.colors) as Record<string, Record<string, unknown>>;
const withVisibleFocus = {
  ...semanticColours,
  gray: { ...semanticColours.gray, focusRing: { value: { _light: "{colors.blue.500}", _dark: "{colors.blue.500}" } } },
};

/**
 * Chakra's defaultSystem ships all 76 of its recipes (19 recipes and 57 slot recipes; about a third of the landing
 * page's JavaScript). This is the same theme with the recipes of the components the app renders:
 * every recipe here is in every page's first load. A component whose recipe is missing renders
 * unstyled: when you use a new Chakra component, add its recipe here.
 */
const config = defineConfig({
  preflight: true,
  cssVarsPrefix: "chakra",
  cssVarsRoot: ":where(html, .chakra-theme)",
  globalCss: { ...globalCss, ...appGlobalCss },
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: usedColours(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withVisibleFocus },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      kbd: kbdRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * Made on first use, not when the module loads: creating the system is the costliest single step
 * of the app's start, and main.tsx runs it as a task of its own instead of inside the one that
 * evaluates the whole bundle (a phone's main thread is then blocked for less at a time).
 */
let created: ReturnType<typeof createSystem> | undefined;
// createSystem merges (deep-copies) its configs itself: merging them here first copied everything twice.
export const getSystem = () => (created ??= createSystem(defaultBaseConfig, config));

/**
 * Sets <html>'s colour-mode class and color-scheme before the page is first styled, as
 * next-themes (src/client/components/ui/color-mode.tsx) sets them on mount: the visitor's
 * choice stored under "theme", else the system scheme. When next-themes then applies the same
 * values nothing changes, so the page is not restyled while it starts, and dark-mode visitors see
 * no light flash. Inlined in index.html's head by the build (vite.config.ts); the Content
 * Security Policy allows exactly this text by its hash (src/server/lib/security.ts).
 */
export const COLOR_MODE_SCRIPT =
  'try{var d=document.documentElement,t=localStorage.getItem("theme")||"system";' +
  'if(t==="system")t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";' +
  'if(t==="light"||t==="dark"){d.classList.remove("light","dark");d.classList.add(t);d.style.colorScheme=t}}catch(e){}';

import { useState } from "react";

// Dark shades of the theme's palettes: white letters on them keep at least 4.5:1 contrast.
const TILE_COLOURS = ["blue-700", "purple-700", "green-700", "orange-700", "red-700", "blue-800", "purple-800", "green-800"];

function tileColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `var(--chakra-colors-${TILE_COLOURS[hash % TILE_COLOURS.length] ?? "blue-700"})`;
}

interface ProviderLogoProps {
  name: string;
  logoUrl?: string | null;
  /** Edge length in pixels. */
  size?: number;
}

/**
 * The provider's own logo when it has one, else a letter tile. A logo that fails to load
 * swaps to the tile, so no broken-image icon ever shows and nothing depends on a third party.
 * Decorative: the provider's name is always written next to it. Plain elements (styled by the
 * `.logo-tile` class) because lists render dozens of these.
 */
export function ProviderLogo({ name, logoUrl, size = 40 }: ProviderLogoProps) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size, flexShrink: 0, borderRadius: 6 };
  if (logoUrl && !failed) {
    return <img src={logoUrl} alt="" width={size} height={size} loading="lazy" style={{ ...box, objectFit: "contain" }} onError={() => setFailed(true)} />;
  }
  return (
    <span
      aria-hidden
      data-testid="logo-tile"
      className="logo-tile"
      style={{ width: size, height: size, background: tileColour(name), fontSize: Math.round(size * 0.45) }}
    >
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}

/** Vite's build manifest (dist/client/.vite/manifest.json; vite.config.ts turns it on). */

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The files of the given manifest entries and of everything they import statically, each once,
 * in visiting order. A chunk for which `skip` answers true is left out with its imports.
 */
export function importedFiles(manifest: ViteManifest, keys: readonly string[], skip: (chunk: ManifestChunk) => boolean = () => false): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || skip(chunk)) return;
    seen.add(key);
    files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

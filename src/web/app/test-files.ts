/**
 * Reads a source file in a web test. Vite hands CSS to tests as an empty module, and the web program
 * has no Node types, so Node's fs is imported by a name TypeScript does not resolve.
 */
const fsModule: string = 'node:fs/promises';

/** `path` relative to `base`, the calling test's `import.meta.url`. */
export async function readSourceFile(path: string, base: string): Promise<string> {
  const fs = (await import(/* @vite-ignore */ fsModule)) as { readFile(path: URL, encoding: 'utf8'): Promise<string> };
  return fs.readFile(new URL(path, base), 'utf8');
}

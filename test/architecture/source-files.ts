import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** The repository root and its src/ folder. */
export const ROOT = resolve(new URL("../..", import.meta.url).pathname);
export const SRC = join(ROOT, "src");

/** Every TypeScript source file under src/, as paths relative to the repository root. */
export function sourceFiles(dir = SRC): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (entry.name.endsWith(".ts")) files.push(relative(ROOT, path));
  }
  return files.sort();
}

export function read(file: string): string {
  return readFileSync(join(ROOT, file), "utf8");
}

/** The module specifiers a file imports or re-exports (static and dynamic), type-only ones included. */
export function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The repository file a relative specifier names (`./x.js` → `src/…/x.ts`); undefined for packages. */
export function resolveImport(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const target = resolve(ROOT, dirname(fromFile), specifier).replace(/\.js$/, ".ts");
  return relative(ROOT, target);
}

/**
 * The module a source file belongs to: `modules/<name>` for domain modules, the first folder
 * under src/ otherwise (infra, storage, events, jobs, …), and each file directly in src/ its own
 * (config.ts, the composition root, the entry points).
 */
export function moduleOf(file: string): string {
  const parts = relative("src", file).split("/");
  if (parts.length === 1) return parts[0]!.replace(/\.ts$/, "");
  if (parts[0] === "modules") return `modules/${parts[1]}`;
  return parts[0]!;
}

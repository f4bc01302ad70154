import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./source-files.js";

/**
 * What the code and the docs say about each other holds (docs/development.md, "Tests"): every
 * link between docs reaches its file and heading; every path the docs name exists; every comment
 * that cites a doc names a heading it has; every path a comment names exists; no comment cites a
 * document outside the repository or an issue of the tracker.
 */
const FOLDERS = ["src", "test", "bench", "scripts", "docs", "console/src", "widget/src", "client"];

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return ["node_modules", "dist"].includes(entry.name) ? [] : filesUnder(path);
    return [path];
  });
}

const files = [
  ...FOLDERS.filter((folder) => existsSync(join(ROOT, folder))).flatMap(filesUnder),
  "README.md",
];
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** GitHub's anchor of a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

interface Headings {
  anchors: Set<string>;
  titles: string[];
}

const headings = new Map<string, Headings>();
for (const file of files.filter((f) => f.endsWith(".md"))) {
  const text = read(file).replace(/```[\s\S]*?```/g, "");
  const anchors = new Set<string>();
  const titles: string[] = [];
  const seen = new Map<string, number>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const title = match[1]!.replace(/`/g, "").trim();
    const base = slug(title);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
    titles.push(title.toLowerCase());
  }
  for (const match of text.matchAll(/<a id="([\w-]+)"/g)) anchors.add(match[1]!);
  headings.set(file, { anchors, titles });
}

const code = files.filter((file) => /\.(ts|tsx|mjs|mts)$/.test(file));
const comments = (source: string) =>
  [...source.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => m[0]).join("\n");

describe("references between code and docs", () => {
  it("every link in the docs reaches its file and heading", () => {
    const broken: string[] = [];
    for (const file of headings.keys()) {
      for (const match of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = match[1]!;
        if (/^(https?:|mailto:)/.test(link)) continue;
        const [path, anchor] = link.split("#");
        const target = path ? normalize(join(dirname(file), path)) : file;
        if (!existsSync(join(ROOT, target))) broken.push(`${file}: ${link} (no such file)`);
        else if (anchor && target.endsWith(".md") && !headings.get(target)?.anchors.has(anchor))
          broken.push(`${file}: ${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every repository path the docs name exists", () => {
    const missing: string[] = [];
    for (const doc of [...headings.keys()].filter(
      (file) => file.startsWith("docs/") || file === "README.md",
    )) {
      for (const match of read(doc).matchAll(
        /`((?:src|test|bench|scripts|client|console|widget|docs)\/[^`\s]+)`/g,
      )) {
        const path = match[1]!.replace(/\/$/, "").split(/[:#]/)[0]!;
        // Placeholders (`src/vendors/<vendor>/`), globs and build outputs are not paths of the tree.
        if (/[<>*…{}|]/.test(path) || /(^|\/)dist(\/|$)/.test(path)) continue;
        if (!existsSync(join(ROOT, path))) missing.push(`${doc}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every doc a comment cites has the heading it names", () => {
    const broken: string[] = [];
    const citation = /(docs\/[\w-]+\.md|README\.md)(?:#([\w-]+)|,\s*(?:\n\s*(?:\*|\/\/)?\s*)?"([^"]+)")?/g;
    for (const file of code) {
      for (const match of read(file).matchAll(citation)) {
        const doc = headings.get(match[1]!);
        if (!doc) {
          broken.push(`${file}: ${match[1]} (no such doc)`);
          continue;
        }
        if (match[2] && !doc.anchors.has(match[2])) broken.push(`${file}: ${match[1]}#${match[2]}`);
        const cited = match[3]
          ?.replace(/\s*\n\s*(\*|\/\/)?\s*/g, " ")
          .trim()
          .toLowerCase();
        if (cited && !doc.titles.some((title) => title.includes(cited)))
          broken.push(`${file}: ${match[1]}, "${cited}" (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every path a comment names exists", () => {
    const missing: string[] = [];
    for (const file of code) {
      for (const match of comments(read(file)).matchAll(/\b((?:[\w.-]+\/)+[\w.-]+\.(?:ts|mjs|md|json))\b/g)) {
        const path = match[1]!;
        // Example URLs' paths (`evil.example/s.json`) and vendors' own paths are not the repo's.
        if (
          path.startsWith("docs/") ||
          /^([\w-]+\.)+(example|org|com)\//.test(path) ||
          /^(rest|s)\//.test(path)
        )
          continue;
        const exists = files.some((f) => f === path || f.endsWith(`/${path}`));
        if (!exists) missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("no comment cites a document outside the repository or an issue of the tracker", () => {
    const outside = code.flatMap((file) =>
      [...comments(read(file)).matchAll(/\b(SPEC|DECISIONS|ARCHITECTURE)(\.md)?\b|\bissues? #?\d+\b/g)].map(
        (match) => `${file}: ${match[0]}`,
      ),
    );
    expect(outside).toEqual([]);
  });
});

// The scan must see the tree: a test that read nothing would pass.
it("reads the docs and the code", () => {
  expect(headings.size).toBeGreaterThan(15);
  expect(code.length).toBeGreaterThan(500);
  expect(statSync(join(ROOT, "docs")).isDirectory()).toBe(true);
  expect(relative(ROOT, join(ROOT, "src"))).toBe("src");
});

/**
 * Fewer script files per screen, not more bytes (decision 015). Rolldown makes one common chunk for
 * each set of entries (the pages, the dashboard layout, every lazily loaded component) that shares a
 * module, so a dashboard screen fetched 76–102 small files. Many of those chunks are fetched by
 * exactly the same screens on a first visit: merging them changes no screen's bytes and takes files
 * off every screen that loads them; a small chunk left alone then joins the group of the fewest
 * screens that load it and more (SMALL_CHUNK_BYTES). Which screens load what is measured, not guessed (code loaded
 * as a screen renders is invisible to the module graph): `npm run chunk-plan` builds without a
 * plan, opens every screen in Chromium (tests/e2e/shell-weight.spec.ts records what each fetched)
 * and writes the groups to chunk-plan.json, which vite.config.ts hands to Rolldown.
 *
 * What is never grouped:
 * - entry chunks (the app's, the truck page's, each lazy page and component): a dynamically imported
 *   module placed in a group loses its namespace in the facade Rolldown writes for it (the build
 *   runs, the screen fails with "Export '…_exports' is not defined");
 * - common chunks holding a module something imports dynamically, for the same reason;
 * - chunks no screen loads on its first visit (a dialog's code): they stay as small as Rolldown made them.
 *
 * A merge that would make chunks import each other in a circle is not made: the modules would run in
 * the wrong order. If the code has moved since the plan was made, the build checks for such
 * circles itself (chunkPlan below) and says to make the plan again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** A chunk of a build made without a plan, as the plan needs it. */
export interface BuiltChunk {
  fileName: string;
  /** Module ids relative to the repository. */
  modules: string[];
  /** Chunks it imports statically. */
  imports: string[];
  /** Chunks it imports dynamically. */
  dynamicImports: string[];
  /** Its minified code's length. */
  bytes: number;
  /** For the entry chunk of an HTML page, the page's name (`main`, `storefront`). */
  page?: string;
  /** An entry of its own (the app, a page, a lazily loaded component), or it holds a module imported dynamically. */
  pinned: boolean;
}

/** The script files each measured screen fetched, keyed by screen (a route and a language). */
export type ScreenLoads = Record<string, string[]>;

export interface ChunkPlan {
  about?: string;
  /** Group name → the modules it holds, relative to the repository. */
  groups: Record<string, string[]>;
}

/** A short name a person can read in the network panel: the screens loading it, and a hash of its key. */
function groupName(key: string, allRoutes: number, index: number): string {
  const screens = key.split('|').filter((part) => !part.startsWith('~'));
  const routes = [...new Set(screens.map((s) => s.split(' ')[0]!))];
  const langs = new Set(screens.map((s) => s.split(' ')[1]));
  const who =
    routes.length === allRoutes
      ? 'all'
      : routes.length === 1
        ? routes[0]!.replace(/^\/+/, '').replace(/[^\w]+/g, '-').replace(/-$/, '') || 'entry'
        : `screens${routes.length}`;
  const lang = langs.size === 1 ? `.${[...langs][0]}` : '';
  const hash = createHash('sha1').update(key).digest('hex').slice(0, 6);
  return `${who}${lang}-${hash}${index > 0 ? `-${index}` : ''}`;
}

/** Whether the chunks, merged as clusterOf says so far, would import each other in a circle. */
function hasCircle(chunks: BuiltChunk[], clusterOf: Map<string, string>): boolean {
  const merged = new Map<string, Set<string>>();
  for (const chunk of chunks) {
    const from = clusterOf.get(chunk.fileName)!;
    if (!merged.has(from)) merged.set(from, new Set());
    for (const imported of chunk.imports) {
      const to = clusterOf.get(imported);
      if (to !== undefined && to !== from) merged.get(from)!.add(to);
    }
  }
  return chunkCircles([...merged].map(([fileName, imports]) => ({ fileName, imports: [...imports] }))).length > 0;
}

/** The chunks a page can ever load: its entry's imports, static and dynamic, transitively. */
function reachOf(page: string, chunks: BuiltChunk[]): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const reach = new Set<string>();
  const stack = chunks.filter((c) => c.page === page).map((c) => c.fileName);
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (reach.has(file)) continue;
    reach.add(file);
    const chunk = byFile.get(file);
    if (chunk) stack.push(...chunk.imports, ...chunk.dynamicImports);
  }
  return reach;
}

/**
 * A chunk this small (bytes of minified code, before compression) that no other chunk is loaded by
 * exactly the same screens joins the group of the fewest screens that load it and more: those other
 * screens then fetch a few hundred bytes brotli they do not use, and its screens one file fewer.
 */
export const SMALL_CHUNK_BYTES = 4096;

interface Cluster {
  /** The screens that load it, and the pages apart that can reach it: what may merge with what. */
  key: string;
  screens: Set<string>;
  apart: string;
  members: BuiltChunk[];
}

/**
 * `pagesApart`: HTML pages other than the app (the truck page) whose code must never take in the
 * app's: a chunk such a page can load, on render or later (the truck page's map, on a tap), merges
 * only with chunks it can load too.
 */
export function planChunks(chunks: BuiltChunk[], loads: ScreenLoads, pagesApart: string[] = []): ChunkPlan {
  const reaches = pagesApart.map((page) => [page, reachOf(page, chunks)] as const);
  const screensOf = new Map<string, string[]>();
  for (const [screen, files] of Object.entries(loads)) {
    for (const file of new Set(files)) {
      if (!screensOf.has(file)) screensOf.set(file, []);
      screensOf.get(file)!.push(screen);
    }
  }
  const allRoutes = new Set(Object.keys(loads).map((s) => s.split(' ')[0])).size;

  const clusterOf = new Map(chunks.map((c) => [c.fileName, c.fileName]));
  if (hasCircle(chunks, clusterOf)) throw new Error('chunk plan: the build without a plan already has chunks importing each other in a circle');
  const clusters = new Map<string, Cluster>();
  /** Puts the chunk into the cluster unless chunks would then import each other in a circle. */
  const tryJoin = (chunk: BuiltChunk, into: string): boolean => {
    clusterOf.set(chunk.fileName, into);
    if (!hasCircle(chunks, clusterOf)) return true;
    clusterOf.set(chunk.fileName, chunk.fileName);
    return false;
  };

  // First, chunks loaded by exactly the same screens: no screen loads a byte more.
  for (const chunk of [...chunks].sort((a, b) => a.fileName.localeCompare(b.fileName))) {
    const screens = screensOf.get(chunk.fileName);
    if (chunk.pinned || screens === undefined) continue;
    const apart = reaches
      .filter(([, reach]) => reach.has(chunk.fileName))
      .map(([page]) => `~${page}`)
      .join('|');
    const key = [...[...screens].sort(), ...(apart ? [apart] : [])].join('|');
    const same = [...clusters].find(([id, cluster]) => cluster.key === key && tryJoin(chunk, id));
    if (same) same[1].members.push(chunk);
    else clusters.set(chunk.fileName, { key, screens: new Set(screens), apart, members: [chunk] });
  }

  // Then the small chunks left alone, smallest first, each into the cluster of the fewest extra screens.
  const alone = [...clusters].filter(([, c]) => c.members.length === 1 && c.members[0]!.bytes <= SMALL_CHUNK_BYTES);
  alone.sort(([a, ca], [b, cb]) => ca.members[0]!.bytes - cb.members[0]!.bytes || a.localeCompare(b));
  for (const [id, own] of alone) {
    const chunk = own.members[0]!;
    const wider = [...clusters]
      .filter(([other, c]) => other !== id && c.apart === own.apart && [...own.screens].every((s) => c.screens.has(s)))
      .sort(([a, ca], [b, cb]) => ca.screens.size - cb.screens.size || a.localeCompare(b));
    const into = wider.find(([other]) => tryJoin(chunk, other));
    if (into === undefined) continue;
    into[1].members.push(chunk);
    clusters.delete(id);
  }

  const groups: Record<string, string[]> = {};
  const named = new Map<string, number>();
  for (const cluster of [...clusters.values()].sort((a, b) => a.key.localeCompare(b.key) || a.members[0]!.fileName.localeCompare(b.members[0]!.fileName))) {
    // A lone chunk is left as Rolldown made it.
    if (cluster.members.length < 2) continue;
    const index = named.get(cluster.key) ?? 0;
    named.set(cluster.key, index + 1);
    groups[groupName(cluster.key, allRoutes, index)] = cluster.members.flatMap((c) => c.modules).sort();
  }
  return { groups };
}

export const CHUNK_PLAN_FILE = path.resolve('scripts/build/chunk-plan.json');

/** The plan as a module → group lookup; empty when there is none yet. */
export function readChunkPlan(file = CHUNK_PLAN_FILE): Map<string, string> {
  if (!existsSync(file)) return new Map();
  const plan = JSON.parse(readFileSync(file, 'utf8')) as ChunkPlan;
  return new Map(Object.entries(plan.groups).flatMap(([group, modules]) => modules.map((m) => [m, group] as const)));
}

/** Circles among the output's chunks (static imports), each as the files in it. */
export function chunkCircles(chunks: { fileName: string; imports: string[] }[]): string[][] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  // Tarjan's strongly connected components; a component of two or more chunks is a circle.
  const connect = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of byFile.get(file)?.imports ?? []) {
      if (!byFile.has(next)) continue;
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const chunk of chunks) if (!index.has(chunk.fileName)) connect(chunk.fileName);
  return circles;
}

/** What Rolldown tells about a module (getModuleInfo), as read here. */
interface ModuleFacts {
  isEntry: boolean;
  dynamicImporters: readonly string[];
}

/**
 * An entry, or a module something imports dynamically: never in a group, whatever the plan says
 * (the code may have moved since), as Rolldown would lose its namespace in the facade it writes for it.
 */
function loadsOnItsOwn(info: ModuleFacts | null): boolean {
  return info === null || info.isEntry || info.dynamicImporters.length > 0;
}

export interface ChunkPlanOptions {
  /** The module → group lookup (readChunkPlan); empty: Rolldown's own split. */
  plan: Map<string, string>;
  /** Where to write the build's chunks as planChunks reads them (npm run chunk-plan). */
  reportFile?: string;
}

/**
 * Hands the plan's groups to Rolldown and refuses a build whose chunks import each other in a
 * circle (a plan made before the code moved). With reportFile, writes the chunks for the next plan.
 */
export function chunkPlan({ plan, reportFile }: ChunkPlanOptions): Plugin {
  const root = process.cwd();
  return {
    name: 'truckdesk-chunk-plan',
    apply: 'build',
    config: () =>
      plan.size === 0
        ? {}
        : {
            build: {
              rolldownOptions: {
                output: {
                  codeSplitting: {
                    // Only the modules named: a group taking its modules' imports too would pull in
                    // what other groups hold, and every screen would load it.
                    groups: [
                      {
                        debugName: 'chunk-plan',
                        name: (id: string, ctx: { getModuleInfo(id: string): ModuleFacts | null }) =>
                          loadsOnItsOwn(ctx.getModuleInfo(id)) ? null : (plan.get(path.relative(root, id)) ?? null),
                        includeDependenciesRecursively: false,
                      },
                    ],
                  },
                },
              },
            },
          },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const circles = plan.size === 0 ? [] : chunkCircles(chunks);
      if (circles.length > 0) {
        this.error(
          `chunk plan: chunks import each other in a circle (${circles.map((c) => c.join(' ↔ ')).join('; ')}); ` +
            'the code has moved since scripts/build/chunk-plan.json was made: run `npm run chunk-plan`',
        );
      }
      if (reportFile === undefined) return;
      const report: BuiltChunk[] = chunks.map((chunk) => ({
        fileName: chunk.fileName,
        modules: chunk.moduleIds.map((id) => path.relative(root, id)),
        imports: chunk.imports,
        dynamicImports: chunk.dynamicImports,
        bytes: chunk.code.length,
        ...(chunk.isEntry ? { page: chunk.name } : {}),
        pinned: chunk.isEntry || chunk.isDynamicEntry || chunk.moduleIds.some((id) => loadsOnItsOwn(this.getModuleInfo(id))),
      }));
      await writeFile(reportFile, JSON.stringify(report));
    },
  };
}

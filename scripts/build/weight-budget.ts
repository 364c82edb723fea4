/**
 * Vite plugin: prints the JavaScript each route loads (brotli-compressed, as served) and fails the
 * build when a route is over its budget. A route loads the entry chunk, its lazy modules (layout
 * and page) and everything they import statically, plus what the app loads at start-up for the
 * heaviest language (its catalogues). Dynamic imports inside a screen (a drawer
 * opened later) are not counted: they load on demand.
 */
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

export interface RouteBudget {
  path: string;
  /** Lazy modules the route loads, relative to the Vite root (src/web). */
  modules: string[];
  budgetKiB: number;
  /**
   * The HTML entry of a page built apart from the app (relative to the Vite root, as the build names its entry); such a
   * page loads neither the app's entry nor its start-up catalogues. Absent: the app's one entry.
   */
  entry?: string;
}

export interface WeightBudgetOptions {
  routes: RouteBudget[];
  /** Modules loaded at start-up for one language; the first capture group names the language. */
  startupModules: RegExp[];
  /** Print the figures without failing (a build made only to be measured, as `npm run chunk-plan`'s first). */
  reportOnly?: boolean;
}

/** The parts of a Rollup/Rolldown output chunk this plugin reads. */
export interface ChunkInfo {
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

export interface RouteWeight {
  path: string;
  bytes: number;
  budgetBytes: number;
  files: string[];
}

const KIB = 1024;

export function brotliSize(code: string): number {
  return brotliCompressSync(Buffer.from(code), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** The chunks and their static imports, transitively. */
function staticClosure(start: ChunkInfo[], byFile: Map<string, ChunkInfo>): Set<string> {
  const seen = new Set<string>();
  const stack = start.map((c) => c.fileName);
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(byFile.get(file)?.imports ?? []));
  }
  return seen;
}

export function measureRoutes(chunks: ChunkInfo[], root: string, options: WeightBudgetOptions, size = brotliSize): RouteWeight[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const sizes = new Map<string, number>();
  const weigh = (files: Iterable<string>) => {
    let total = 0;
    for (const file of files) {
      if (!sizes.has(file)) sizes.set(file, size(byFile.get(file)?.code ?? ''));
      total += sizes.get(file)!;
    }
    return total;
  };

  const entries = chunks.filter((c) => c.isEntry);
  const ownEntries = new Set(options.routes.flatMap((route) => (route.entry ? [path.resolve(root, route.entry)] : [])));
  const appEntries = entries.filter((c) => !ownEntries.has(c.facadeModuleId ?? ''));
  if (appEntries.length !== 1) throw new Error(`weight budget: expected one entry chunk, found ${appEntries.length}`);
  const entryOf = (route: RouteBudget): ChunkInfo => {
    if (!route.entry) return appEntries[0]!;
    const id = path.resolve(root, route.entry);
    const chunk = entries.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`weight budget: route ${route.path} names entry ${route.entry}, which is not an entry of the build`);
    return chunk;
  };

  const startupByLanguage = new Map<string, ChunkInfo[]>();
  for (const chunk of chunks) {
    const id = chunk.facadeModuleId?.split(path.sep).join('/');
    const language = id && options.startupModules.map((re) => re.exec(id)?.[1]).find(Boolean);
    if (language) startupByLanguage.set(language, [...(startupByLanguage.get(language) ?? []), chunk]);
  }
  const startupSets = [...startupByLanguage.values()].map((set) => staticClosure(set, byFile));
  const heaviestStartup = startupSets.reduce<Set<string>>((heaviest, set) => (weigh(set) > weigh(heaviest) ? set : heaviest), new Set());

  return options.routes.map((route) => {
    const lazy = route.modules.map((module) => {
      const id = path.resolve(root, module);
      const chunk = chunks.find((c) => c.facadeModuleId === id);
      if (!chunk) throw new Error(`weight budget: route ${route.path} names ${module}, which is not a chunk of the build`);
      return chunk;
    });
    const files = new Set([...staticClosure([entryOf(route), ...lazy], byFile), ...(route.entry ? [] : heaviestStartup)]);
    return { path: route.path, bytes: weigh(files), budgetBytes: route.budgetKiB * KIB, files: [...files].sort() };
  });
}

export function formatReport(weights: RouteWeight[]): string {
  const width = Math.max(...weights.map((w) => w.path.length), 5);
  const lines = weights.map((w) => {
    const over = w.bytes > w.budgetBytes;
    return `  ${w.path.padEnd(width)}  ${(w.bytes / KIB).toFixed(1).padStart(7)} KiB  / ${(w.budgetBytes / KIB).toFixed(0).padStart(4)} KiB${over ? '  OVER BUDGET' : ''}`;
  });
  return ['JavaScript per route (brotli, as served):', ...lines].join('\n');
}

export function weightBudget(options: WeightBudgetOptions): Plugin {
  let root = '';
  let logger: Logger | undefined;
  return {
    name: 'truckdesk-weight-budget',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      logger = config.logger;
    },
    writeBundle(_output, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const weights = measureRoutes(chunks, root, options);
      logger?.info(`\n${formatReport(weights)}\n`);
      const over = weights.filter((w) => w.bytes > w.budgetBytes);
      if (over.length > 0 && options.reportOnly !== true) {
        this.error(`JavaScript budget exceeded: ${over.map((w) => `${w.path} ${(w.bytes / KIB).toFixed(1)} KiB > ${w.budgetBytes / KIB} KiB`).join(', ')}`);
      }
    },
  };
}

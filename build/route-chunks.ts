/**
 * One chunk per first screen, instead of the dozens of small shared chunks the bundler makes by
 * default: on HTTP/1.1 (six connections per origin) and a mobile round trip, each extra file of the
 * first load costs a queue slot and a round trip.
 *
 * - `home`: everything / imports (that the entry does not already hold).
 * - `ride-detail`: what the ride page imports that / can never load.
 * - `ride-detail-shared`: what the ride page imports that / can load later (a toast's text helper,
 *   the login dialog's fields), declared above `ride-detail`. A group takes the imports of each module
 *   it captures with it (rolldown's `includeDependenciesRecursively`), so without this chunk those
 *   modules came back into the ride page's, and / downloaded the whole ride chunk for one helper.
 *
 * e2e/first-load-contents.test.ts checks the last point on the build. See docs/web.md "First paint".
 */
/** The ride page's two chunks (above): vite.config.ts makes them, e2e/first-load-contents.test.ts checks them. */
export const RIDE_PAGE_CHUNKS = { own: 'ride-detail', shared: 'ride-detail-shared' } as const;

interface ModuleInfo {
  isEntry?: boolean;
  importedIds: readonly string[];
  importers?: readonly string[];
  dynamicImporters?: readonly string[];
  dynamicallyImportedIds?: readonly string[];
}
interface ModuleGraph {
  getModuleInfo(id: string): ModuleInfo | null;
}

type NameFunction = (id: string, ctx: ModuleGraph) => string | null;

/** The router's pages (src/web/app/routes), each imported lazily by the router. */
const ROUTE_MODULE = /[\\/]src[\\/]web[\\/]app[\\/]routes[\\/]/;

/**
 * The app's own modules and the small libraries pages use piecemeal. Other packages are left to the
 * bundler: a package reachable through an import whose bindings are unused (zod through a shared
 * schema module) would otherwise be pulled in whole although tree-shaking drops it from the page.
 */
const OWN_CODE = /^(?!.*[\\/]node_modules[\\/])|[\\/]node_modules[\\/](date-fns|lucide-react)[\\/]/;

/** A rolldown `codeSplitting` group `name` function: `name` for the modules `routeFile` imports (statically), else none. */
export function firstScreenChunk(name: string, routeFile: RegExp): NameFunction {
  let imported: Set<string> | null = null;
  return (id, ctx) => {
    if (!imported) {
      const graph = wholeGraph(id, ctx);
      const route = [...graph.keys()].find((module) => routeFile.test(module));
      imported = route ? reach([route], (module) => graph.get(module)?.importedIds ?? []) : new Set();
    }
    return imported.has(id) && OWN_CODE.test(id) ? name : null;
  };
}

/**
 * Two rolldown `codeSplitting` group `name` functions for `routeFile`'s page: `own` names what it
 * imports (statically) that / can never load, `shared` what / can load too (`homeFile`, the shell
 * and their lazy parts). Declare the `shared` group with the higher priority.
 */
export function routeChunks(names: { own: string; shared: string }, routeFile: RegExp, homeFile: RegExp): { own: NameFunction; shared: NameFunction } {
  let split: RouteSplit | null = null;
  const nameOf =
    (part: keyof RouteSplit, name: string): NameFunction =>
    (id, ctx) => {
      split ??= splitRoute(id, ctx, routeFile, homeFile);
      return split[part].has(id) && OWN_CODE.test(id) ? name : null;
    };
  return { own: nameOf('own', names.own), shared: nameOf('shared', names.shared) };
}

interface RouteSplit {
  own: Set<string>;
  shared: Set<string>;
}

/**
 * The modules a route's page imports (static imports from the route module), split into those /
 * can load and the rest. / loads the entry's modules and the home route's, and, later, their lazy
 * parts (the toasts, the bell, the offline banner, the login dialog, a dashboard card's map...):
 * everything reachable from them by static and dynamic imports without entering another route.
 */
function splitRoute(start: string, ctx: ModuleGraph, routeFile: RegExp, homeFile: RegExp): RouteSplit {
  const graph = wholeGraph(start, ctx);
  const info = (id: string) => graph.get(id);
  const route = [...graph.keys()].find((id) => routeFile.test(id));
  if (!route) return { own: new Set(), shared: new Set() };
  const home = [...graph.keys()].filter((id) => info(id)?.isEntry || homeFile.test(id));
  const homeLoads = reach(home, (id) =>
    [...(info(id)?.importedIds ?? []), ...(info(id)?.dynamicallyImportedIds ?? [])].filter((next) => !ROUTE_MODULE.test(next) || homeFile.test(next)),
  );
  const fromRoute = reach([route], (id) => info(id)?.importedIds ?? []);
  const own = new Set<string>();
  const shared = new Set<string>();
  for (const id of fromRoute) (homeLoads.has(id) ? shared : own).add(id);
  return { own, shared };
}

/** Every module connected to `start` (the name function is given no module list). */
function wholeGraph(start: string, ctx: ModuleGraph): Map<string, ModuleInfo> {
  const graph = new Map<string, ModuleInfo>();
  reach([start], (id) => {
    const info = ctx.getModuleInfo(id);
    if (!info) return [];
    graph.set(id, info);
    return [...info.importedIds, ...(info.importers ?? []), ...(info.dynamicImporters ?? []), ...(info.dynamicallyImportedIds ?? [])];
  });
  return graph;
}

function reach(starts: readonly string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...next(id));
  }
  return seen;
}

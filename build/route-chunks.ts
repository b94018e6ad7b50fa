/**
 * One chunk per first screen: what a route's page alone loads (that the entry does not already
 * hold) goes into one file named after the route, instead of the dozens of small shared chunks the
 * bundler makes by default. On HTTP/1.1 (six connections per origin) and a mobile round trip, each
 * extra file of the first load costs a queue slot and a round trip.
 *
 * "Alone": a module the app can load without the route ever loading (the shell's lazy parts,
 * another route, a dialog) stays out of the route's chunk, however many of the route's own modules
 * import it. Otherwise whatever imports it would download the whole route chunk with it: / did so
 * for the ride page's chunk through the notification toasts, which share one text helper with it.
 * Such shared modules are left to the bundler, which puts each set of them in a chunk of its own.
 * See docs/web.md "First paint".
 */
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

/**
 * The app's own modules and the small libraries pages use piecemeal. Other packages are left to the
 * bundler: a package reachable through an import whose bindings are unused (zod through a shared
 * schema module) would otherwise be pulled in whole although tree-shaking drops it from the page.
 */
/** The router's pages (src/web/app/routes), each imported lazily by the router. */
const ROUTE_MODULE = /[\\/]src[\\/]web[\\/]app[\\/]routes[\\/]/;

const OWN_CODE = /^(?!.*[\\/]node_modules[\\/])|[\\/]node_modules[\\/](date-fns|lucide-react)[\\/]/;

/** A rolldown `codeSplitting` group `name` function: `name` for the modules `routeFile` imports (statically), else none. */
export function firstScreenChunk(name: string, routeFile: RegExp): (id: string, ctx: ModuleGraph) => string | null {
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
 * A rolldown `codeSplitting` group `name` function: `name` for what `routeFile`'s page imports
 * (statically) that / cannot load (`homeFile`, the shell and their lazy parts), else none.
 */
export function routeChunk(name: string, routeFile: RegExp, homeFile: RegExp): (id: string, ctx: ModuleGraph) => string | null {
  let split: RouteSplit | null = null;
  return (id, ctx) => {
    split ??= splitRoute(id, ctx, routeFile, homeFile);
    return split.own.has(id) && OWN_CODE.test(id) ? name : null;
  };
}

/**
 * The group of the same route's modules that / can load too, declared with a higher priority than
 * the route's own: a group takes its modules' imports with it, so without this one they would land
 * in the route's chunk, and / would download that chunk for one helper of a toast.
 */
export function routeSharedChunk(name: string, routeFile: RegExp, homeFile: RegExp): (id: string, ctx: ModuleGraph) => string | null {
  let split: RouteSplit | null = null;
  return (id, ctx) => {
    split ??= splitRoute(id, ctx, routeFile, homeFile);
    return split.shared.has(id) && OWN_CODE.test(id) ? name : null;
  };
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

/**
 * One chunk per first screen: everything a route's page imports statically (that the entry does
 * not already hold) goes into one file named after the route, instead of the dozens of small
 * shared chunks the bundler makes by default. On HTTP/1.1 (six connections per origin) and a
 * mobile round trip, each extra file of the first load costs a queue slot and a round trip.
 * A module shared by two such routes goes to the group declared first (higher priority).
 * See docs/web.md "First paint".
 */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * The app's own modules and the small libraries pages use piecemeal. Other packages are left to the
 * bundler: a package reachable through an import whose bindings are unused (zod through a shared
 * schema module) would otherwise be pulled in whole although tree-shaking drops it from the page.
 */
const OWN_CODE = /^(?!.*[\\/]node_modules[\\/])|[\\/]node_modules[\\/](date-fns|lucide-react)[\\/]/;

/** A rolldown `codeSplitting` group `name` function: `name` for modules reachable from `routeFile`, else none. */
export function routeChunk(name: string, routeFile: RegExp): (id: string, ctx: ModuleGraph) => string | null {
  let reachable: Set<string> | null = null;
  return (id, ctx) => {
    if (!reachable) {
      reachable = new Set();
      const root = findRoot(id, ctx, routeFile);
      const pending = root ? [root] : [];
      while (pending.length > 0) {
        const next = pending.pop()!;
        if (reachable.has(next)) continue;
        reachable.add(next);
        pending.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return reachable.has(id) && OWN_CODE.test(id) ? name : null;
  };
}

/** The route module, found by walking the graph from any module (the name function has no module list). */
function findRoot(start: string, ctx: ModuleGraph, routeFile: RegExp): string | null {
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (routeFile.test(id)) return id;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id) as { importedIds: readonly string[]; importers?: readonly string[]; dynamicImporters?: readonly string[]; dynamicallyImportedIds?: readonly string[] } | null;
    if (!info) continue;
    pending.push(...info.importedIds, ...(info.importers ?? []), ...(info.dynamicImporters ?? []), ...(info.dynamicallyImportedIds ?? []));
  }
  return null;
}

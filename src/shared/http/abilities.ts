import { z } from 'zod';

/**
 * What the viewer may do with a resource, as the server's policy decided (docs/security.md
 * "Permission model"): one boolean per named ability, the same form for groups, members, polls,
 * rides and media. `optional` names abilities some answers leave out.
 * Marked free of side effects, as the build treats z.* calls (vite.config.ts): the browser uses
 * only the types of most schemas, and an unused schema must not keep zod in its first load.
 */
/* @__NO_SIDE_EFFECTS__ */
export function abilitiesSchema<const K extends string, const O extends string = never>(names: readonly K[], optional: readonly O[] = []) {
  return z.object({
    ...(Object.fromEntries(names.map((name) => [name, z.boolean()])) as Record<K, z.ZodBoolean>),
    ...(Object.fromEntries(optional.map((name) => [name, z.optional(z.boolean())])) as Record<O, z.ZodOptional<z.ZodBoolean>>),
  });
}

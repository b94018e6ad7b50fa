import { z } from 'zod';
import { entries, type PreferenceDefinition, type PreferenceField, type Preferences } from './preferences';

// The preferences' schemas (preferences.ts has their one definition), in a module of their own: the
// browser's first load reads the definition and its defaults, and must not pull zod in with them
// (a computed schema beside the defaults kept zod in the first load, about 21 KB compressed, measured).

function valueSchema(definition: PreferenceDefinition) {
  const one = z.enum(definition.values as [string, ...string[]], { error: `Please choose one of: ${definition.values.join(', ')}` });
  return definition.kind === 'set' ? z.array(one).max(definition.values.length) : one;
}
type Shape<Wrap extends 'answer' | 'update'> = {
  [K in PreferenceField]: Wrap extends 'update' ? z.ZodOptional<z.ZodType<Preferences[K]>> : z.ZodType<Preferences[K]>;
};
function shape(wrap: 'answer'): Shape<'answer'>;
function shape(wrap: 'update'): Shape<'update'>;
function shape(wrap: 'answer' | 'update'): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {};
  for (const [field, definition] of entries()) out[field] = wrap === 'update' ? z.optional(valueSchema(definition)) : valueSchema(definition);
  return out;
}
/** The preferences in the current user's answer. */
export const preferenceAnswerShape = /* @__PURE__ */ shape('answer');
/** The preferences a profile update may send, each optional. */
export const preferenceUpdateShape = /* @__PURE__ */ shape('update');


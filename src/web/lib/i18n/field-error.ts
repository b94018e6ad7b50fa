import type { I18n, MessageDescriptor } from '@lingui/core';
import { knownValidationMessage } from '../../../shared/i18n/validation';

/*
 * A form field's error in the rider's language (issue 31 point 7). The shared schemas' messages are
 * descriptors (shared/i18n/validation.ts): the text zod gives for one (its id in the web build, its
 * English in development and tests) finds the descriptor, shown from the active catalog. Any other
 * text (a message the form wrote with Lingui already) is shown as it is. FieldMessage and TextField
 * (components/ui/field.tsx) show every field error through this.
 */
export function fieldErrorText(i18n: I18n, error: string | { message?: string | undefined } | null | undefined): string | undefined {
  const text = typeof error === 'string' ? error : error?.message;
  if (!text) return undefined;
  const known = knownValidationMessage(text);
  if (!known) return text;
  // A descriptor with its values, not spread inline into i18n._ (the extractor reads only literal descriptors there).
  const descriptor: MessageDescriptor = known.values ? { ...known.descriptor, values: known.values } : known.descriptor;
  return i18n._(descriptor);
}

import type { MessageDescriptor } from '@lingui/core';

/*
 * The validation messages of the shared schemas (issue 31 point 7): each is a `/*i18n*\/ { id,
 * message }` descriptor, with named parameters ("At most {max} waypoints") whose values are fixed
 * where it is declared. A zod schema carries it as the text `validationMessage` gives:
 * - on the server (and wherever the descriptor keeps its English) the English text, word for word
 *   the spec's, so the API answers what it always answered;
 * - in the web build, where the English of shared descriptors is stripped (build/lingui-macros.ts
 *   stripDescriptorMessages), the descriptor's id.
 * Either text finds its descriptor again (`knownValidationMessage`), and the web shows it in the
 * rider's language (src/web/lib/i18n/field-error.ts).
 *
 * No zod here: the browser imports this module with every form.
 */

export type MessageValues = Record<string, string | number>;

/** A validation message: its descriptor and the values of its placeholders. */
export interface ValidationMessage {
  descriptor: MessageDescriptor;
  values?: MessageValues;
}

/**
 * Every message by the text a schema carries for it (and by its id). Exported for the web's words for
 * zod's own messages (src/web/lib/forms/zod-messages.ts), whose values change with each issue.
 */
export const known = new Map<string, ValidationMessage>();

/** The English of a descriptor with its values in place (simple `{name}` placeholders only). */
function english(message: string, values: MessageValues | undefined): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));
}

/**
 * The text a schema carries for a validation message (see above), remembered so that the web finds
 * the descriptor from it. One id has one set of values: a message whose values change is its own id.
 * Marked free of side effects for the bundler: a message nothing reads is dropped, and needs no finding.
 */
/* @__NO_SIDE_EFFECTS__ */
export function validationMessage(descriptor: MessageDescriptor, values?: MessageValues): string {
  const entry: ValidationMessage = values ? { descriptor, values } : { descriptor };
  known.set(descriptor.id, entry);
  if (descriptor.message === undefined) return descriptor.id;
  const text = english(descriptor.message, values);
  known.set(text, entry);
  return text;
}

/** The descriptor behind a text a shared schema gave (its id, or its English), if it is one. */
export function knownValidationMessage(text: string): ValidationMessage | undefined {
  return known.get(text);
}

/** Every validation message declared so far (the modules that declare them are imported). */
export function validationMessages(): ValidationMessage[] {
  return [...new Set(known.values())];
}

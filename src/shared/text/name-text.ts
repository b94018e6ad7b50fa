import { z } from 'zod';

/**
 * Names (handles, display names, group, ride and poll names, file names) are shown to other riders,
 * so characters that are invisible or reorder the text around them are taken out on the server:
 * - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the direction marks
 *   (U+200E, U+200F, U+061C): they make "gpj.exe" read as "exe.jpg" or a name run into its
 *   neighbours; a name never needs them, since every script's letters carry their own direction;
 * - zero-width space, word joiner, invisible operators, byte-order mark, Mongolian vowel separator,
 *   soft hyphen, and the Hangul fillers that render as nothing (U+3164, U+FFA0): they make two
 *   names that look the same compare different, or a name that looks empty;
 * - control characters (line breaks and tabs become a space; a name is one line);
 * - tag characters, except inside an emoji flag sequence (🏴 + tags + cancel tag: the flags of
 *   England, Scotland, Wales).
 * The two joiners are kept where a script or an emoji needs them, between two letters, marks,
 * digits or emoji: ZWNJ in Persian and Indic words (می‌خواهم), ZWJ in emoji sequences (👩‍👧) and in
 * Indic conjuncts. Anywhere else (at an edge, beside a space, two in a row) they are dropped.
 */
const ALWAYS_INVISIBLE = /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0]/g;
const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g;
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const EMOJI_FLAG_TAGS = /(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})/u;
const TAG = /[\u{E0000}-\u{E007F}]/gu;
const JOINERS = /[\u200C\u200D]+/g;
const JOINABLE_BEFORE = /[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const JOINABLE_AFTER = /[\p{L}\p{M}\p{N}\p{Extended_Pictographic}]/u;

function codePointBefore(text: string, index: number): string {
  if (index <= 0) return '';
  const low = text.charCodeAt(index - 1);
  const isLowSurrogate = low >= 0xdc00 && low <= 0xdfff;
  return isLowSurrogate && index >= 2 ? text.slice(index - 2, index) : text.slice(index - 1, index);
}

function codePointAt(text: string, index: number): string {
  const point = text.codePointAt(index);
  return point === undefined ? '' : String.fromCodePoint(point);
}

function keepFlagTags(text: string): string {
  // Split with a capturing group: odd parts are whole flag sequences, kept as they are.
  return text
    .split(EMOJI_FLAG_TAGS)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(TAG, '')))
    .join('');
}

/** The name without invisible and direction-changing characters (see above); not trimmed. */
export function stripInvisible(text: string): string {
  const visible = text.replace(ALWAYS_INVISIBLE, '').replace(LINE_BREAKS, ' ').replace(CONTROL, '');
  const withoutStrayTags = /[\u{E0000}-\u{E007F}]/u.test(visible) ? keepFlagTags(visible) : visible;
  return withoutStrayTags.replace(JOINERS, (run: string, offset: number, whole: string) => {
    const before = codePointBefore(whole, offset);
    const after = codePointAt(whole, offset + run.length);
    return JOINABLE_BEFORE.test(before) && JOINABLE_AFTER.test(after) ? run[0]! : '';
  });
}

/**
 * A required text field: trimmed, then at least `min` characters (one unless said) and at most `max`.
 * Too short, left out or not a text gives the `required` message; too long, `tooLong`.
 */
export function requiredText({ required, min = 1, max, tooLong }: { required: string; min?: number; max: number; tooLong: string }) {
  return z.string({ error: required }).trim().min(min, required).max(max, tooLong);
}

/**
 * A name field: invisible characters out, then trimmed, then required and bounded. A name of only
 * invisible characters is therefore empty and gets the required message, on client and server alike.
 */
export function nameText({ required, max, tooLong }: { required: string; max: number; tooLong: string }) {
  return z.string({ error: required }).overwrite(stripInvisible).trim().min(1, required).max(max, tooLong);
}

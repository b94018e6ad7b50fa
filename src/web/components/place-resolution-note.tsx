import { Loader2, MapPinCheck, MapPinOff, SearchX } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** Where the look-up of typed text stands. */
export type PlaceResolution =
  | { state: 'looking'; typed: string }
  | { state: 'placed'; typed: string; name: string }
  | { state: 'none'; typed: string }
  | { state: 'failed'; typed: string };

export const KEEP_TEXT_ONLY = msg`Keep as text only (not on the map)`;

interface PlaceResolutionNoteProps {
  /** Referenced by the box's aria-describedby. */
  id: string;
  resolution: PlaceResolution | null;
  /** The text the rider chose to keep without a place, when they did. */
  textOnly: string | null;
  onPickAnother: (from: string) => void;
  onKeepTextOnly: (text: string) => void;
}

// Own classes rather than Button's: its sizes do not wrap, and a long choice must wrap at 320 px.
const linkChoice = 'inline-flex min-h-8 items-center rounded-md px-1 py-1 text-start text-sm font-semibold text-ignition-700 underline-offset-4 hover:underline';
const boxChoice =
  'inline-flex min-h-8 items-center rounded-lg border border-asphalt-200 bg-white px-3 py-1 text-start text-sm font-semibold text-asphalt-900 shadow-sm hover:border-asphalt-300 hover:bg-asphalt-50';

/**
 * The line under a place field saying what typed text became: "Roma → Rome, Lazio, Italy", nothing
 * found, or kept as text only, with the rider's choices as real buttons. The sentence sits in a
 * polite live region so it is announced; the buttons stay outside it so they are not read twice.
 */
export function PlaceResolutionNote({ id, resolution, textOnly, onPickAnother, onKeepTextOnly }: PlaceResolutionNoteProps) {
  const { i18n } = useLingui();
  const message = noteMessage(i18n, resolution, textOnly);
  const typed = resolution?.typed ?? '';
  return (
    // The live region is always there (so a new message is announced); it takes no room while empty.
    <div className={message ? 'mt-1.5' : undefined}>
      <p id={id} aria-live="polite" className={message ? `flex items-start gap-1.5 text-xs ${message.tone}` : 'sr-only'}>
        {message ? (
          <>
            {message.icon}
            <span className="min-w-0 break-words">{message.text}</span>
          </>
        ) : null}
      </p>
      {resolution?.state === 'placed' ? (
        <div className="mt-0.5 -ms-1 flex flex-wrap gap-x-3">
          <button type="button" className={linkChoice} onClick={() => onPickAnother(resolution.typed)}>
            <Trans>Pick another</Trans>
          </button>
          <button type="button" className={linkChoice} onClick={() => onKeepTextOnly(resolution.typed)}>
            <Trans>Keep “{typed}” as text only</Trans>
          </button>
        </div>
      ) : resolution?.state === 'none' || resolution?.state === 'failed' ? (
        <div className="mt-1.5 flex flex-wrap gap-2">
          <button type="button" className={boxChoice} onClick={() => onPickAnother(resolution.typed)}>
            <Trans>Pick another</Trans>
          </button>
          <button type="button" className={boxChoice} onClick={() => onKeepTextOnly(resolution.typed)}>
            {i18n._(KEEP_TEXT_ONLY)}
          </button>
        </div>
      ) : textOnly && !resolution ? (
        <button type="button" className={`${linkChoice} mt-0.5 -ms-1`} onClick={() => onPickAnother(textOnly)}>
          <Trans>Pick a place on the map</Trans>
        </button>
      ) : null}
    </div>
  );
}

function noteMessage(i18n: I18n, resolution: PlaceResolution | null, textOnly: string | null) {
  const typed = resolution?.typed ?? '';
  const iconClasses = 'mt-px size-3.5 shrink-0';
  if (resolution?.state === 'looking') {
    return { tone: 'text-asphalt-600', icon: <Loader2 className={`${iconClasses} animate-spin`} aria-hidden="true" />, text: i18n._(msg`Looking up “${typed}”...`) };
  }
  if (resolution?.state === 'placed') {
    return {
      tone: 'font-semibold text-emerald-800',
      icon: <MapPinCheck className={iconClasses} aria-hidden="true" />,
      text: `${resolution.typed} → ${resolution.name}`,
    };
  }
  if (resolution?.state === 'none' || resolution?.state === 'failed') {
    return {
      tone: 'font-semibold text-amber-800',
      icon: <SearchX className={iconClasses} aria-hidden="true" />,
      text:
        resolution.state === 'none'
          ? i18n._(msg`No place found for “${typed}”. Pick another, or keep it as text only.`)
          : i18n._(msg`The place search failed for “${typed}”. Pick another, or keep it as text only.`),
    };
  }
  if (textOnly) {
    return { tone: 'text-asphalt-600', icon: <MapPinOff className={iconClasses} aria-hidden="true" />, text: i18n._(msg`“${textOnly}” is kept as text only (not on the map).`) };
  }
  return null;
}

/**
 * What a tap on a pushed notification does (src/web/sw.ts), as a pure function of the open windows,
 * so it is unit-tested without a browser: a window already showing the page is focused; else an
 * open window of the app is focused and taken to the page (the rider keeps one RoadCaptain window
 * instead of gathering a new one per tap); else a new window opens on the page. A link that is not
 * of this site (it never is; the server makes it) opens the home page instead.
 */
export interface OpenWindow {
  url: string;
  focused: boolean;
}

export type ClickAction<W extends OpenWindow> =
  | { kind: 'focus'; window: W }
  | { kind: 'navigate'; window: W; url: string }
  | { kind: 'open'; url: string };

export function notificationClickAction<W extends OpenWindow>(windows: readonly W[], link: unknown, origin: string): ClickAction<W> {
  const url = pageUrl(link, origin);
  const same = windows.filter((w) => sameOrigin(w.url, origin));
  const showing = same.find((w) => w.url === url);
  if (showing) return { kind: 'focus', window: showing };
  const open = same.find((w) => w.focused) ?? same[0];
  return open ? { kind: 'navigate', window: open, url } : { kind: 'open', url };
}

function pageUrl(link: unknown, origin: string): string {
  if (typeof link === 'string') {
    try {
      const url = new URL(link, origin);
      if (url.origin === origin) return url.href;
    } catch {
      // Not a URL: the home page.
    }
  }
  return new URL('/', origin).href;
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

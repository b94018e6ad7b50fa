import crypto from 'node:crypto';
import sharp from 'sharp';

/*
 * The picture a chat app shows under a shared link (Open Graph's og:image): 1200x630, drawn here
 * from the ride's stops and its road, with no map tiles (no third party is asked, nothing is
 * licensed) and no text (no fonts needed on the server, nothing to translate). An SVG rasterised by
 * sharp (librsvg), already a dependency for uploads. docs/behaviour/previews.md.
 */

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** Raised when the drawing changes, so every image's address changes and chat apps fetch it again. */
const DRAWING_FORMAT = 2;

/** The app's colours (src/web/styles.css). */
const ASPHALT_950 = '#0f1114';
const ASPHALT_900 = '#17191e';
const ASPHALT_800 = '#23262d';
const IGNITION_300 = '#ffb95f';
const IGNITION_500 = '#f98612';
const IGNITION_600 = '#e06a06';
const START_GREEN = '#22c55e';

export interface PreviewPoint {
  lat: number;
  lon: number;
}

/** What a ride's picture is drawn from: its placed stops in route order, and the road through them when known. */
export interface RoutePicture {
  stops: PreviewPoint[];
  /** The router's road ([lat, lon] pairs); null: straight dashed lines between the stops, as the ride's map draws them. */
  road: Array<[number, number]> | null;
}

/** A short hash of everything the picture is drawn from: the image's version in its address. */
export function pictureVersion(picture: RoutePicture): string {
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify([DRAWING_FORMAT, picture.stops.map((p) => [p.lat, p.lon]), picture.road]));
  return hash.digest('hex').slice(0, 16);
}

/** The app's own card (no ride): its version is the drawing's. */
export const APP_CARD_VERSION = `app${DRAWING_FORMAT}`;

/** Web Mercator, in units of the world's width: what a map shows, so the route keeps the shape riders know. */
function project(point: PreviewPoint): { x: number; y: number } {
  const lat = Math.max(-85, Math.min(85, point.lat));
  const rad = (lat * Math.PI) / 180;
  return { x: (point.lon + 180) / 360, y: (1 - Math.log(Math.tan(Math.PI / 4 + rad / 2)) / Math.PI) / 2 };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The picture's frame: a dark road-map background, a faint grid, the app's dashed stripe and its mark. */
function frame(content: string): string {
  const grid: string[] = [];
  for (let x = 60; x < PREVIEW_WIDTH; x += 60) grid.push(`M${x} 0V${PREVIEW_HEIGHT}`);
  for (let y = 45; y < PREVIEW_HEIGHT; y += 60) grid.push(`M0 ${y}H${PREVIEW_WIDTH}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">
<defs>
<radialGradient id="bg" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="${ASPHALT_800}"/><stop offset="1" stop-color="${ASPHALT_950}"/></radialGradient>
<linearGradient id="mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${IGNITION_300}"/><stop offset="1" stop-color="${IGNITION_600}"/></linearGradient>
<symbol id="logo" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="url(#mark)"/><path d="M7 28c0-7 4-9 9-11s8-5 8-12" fill="none" stroke="${ASPHALT_900}" stroke-width="6" stroke-linecap="round"/><path d="M7 28c0-7 4-9 9-11s8-5 8-12" fill="none" stroke="#fff" stroke-width="1.4" stroke-linecap="round" stroke-dasharray="2.2 2.6"/></symbol>
</defs>
<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="url(#bg)"/>
<path d="${grid.join('')}" stroke="#fff" stroke-opacity="0.035" stroke-width="1"/>
${content}
<path d="M0 ${PREVIEW_HEIGHT - 5}H${PREVIEW_WIDTH}" stroke="${IGNITION_500}" stroke-width="10" stroke-dasharray="40 28" stroke-opacity="0.7"/>
</svg>`;
}

/** The app's mark in the picture's corner (a ride's picture), or large in its middle (the app's card). */
const cornerMark = `<use href="#logo" x="${PREVIEW_WIDTH - 40 - 56}" y="36" width="56" height="56"/>`;

function appCardSvg(): string {
  const size = 220;
  const road = `M-20 520C200 520 260 380 430 360S700 420 820 300 1000 120 1220 110`;
  return frame(`<path d="${road}" fill="none" stroke="${ASPHALT_950}" stroke-width="34" stroke-linecap="round" stroke-opacity="0.9"/>
<path d="${road}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="3" stroke-dasharray="22 20"/>
<use href="#logo" x="${(PREVIEW_WIDTH - size) / 2}" y="${(PREVIEW_HEIGHT - size) / 2 - 10}" width="${size}" height="${size}"/>`);
}

/** The route fitted into the picture with margins, north up, as a map would show it. */
/**
 * The line and the stops with longitudes made continuous, so that a route across the 180th meridian
 * (Fiji, the Bering Strait) is drawn as the short way it is, not fitted around the world the other
 * way: each point of the line within 180° of the one before it, each stop within 180° of the middle
 * of the line's span.
 */
export function acrossTheMeridian(line: readonly PreviewPoint[], stops: readonly PreviewPoint[]): { line: PreviewPoint[]; stops: PreviewPoint[] } {
  const near = (lon: number, to: number) => lon + 360 * Math.round((to - lon) / 360);
  const continuous: PreviewPoint[] = [];
  for (const point of line) {
    const before = continuous[continuous.length - 1];
    continuous.push(before ? { ...point, lon: near(point.lon, before.lon) } : point);
  }
  const lons = continuous.map((p) => p.lon);
  const middle = lons.length > 0 ? (Math.min(...lons) + Math.max(...lons)) / 2 : 0;
  return { line: continuous, stops: stops.map((stop) => ({ ...stop, lon: near(stop.lon, middle) })) };
}

function routeSvg(picture: RoutePicture): string {
  const { line, stops: stopPoints } = acrossTheMeridian(picture.road && picture.road.length >= 2 ? picture.road.map(([lat, lon]) => ({ lat, lon })) : picture.stops, picture.stops);
  const all = [...line, ...stopPoints].map(project);
  const minX = Math.min(...all.map((p) => p.x));
  const maxX = Math.max(...all.map((p) => p.x));
  const minY = Math.min(...all.map((p) => p.y));
  const maxY = Math.max(...all.map((p) => p.y));
  const box = { left: 110, right: PREVIEW_WIDTH - 150, top: 80, bottom: PREVIEW_HEIGHT - 80 };
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  // A single place (or stops a few metres apart) sits in the middle rather than being blown up.
  const scale = Math.min((box.right - box.left) / Math.max(spanX, 1e-9), (box.bottom - box.top) / Math.max(spanY, 1e-9), 2_000_000);
  const offsetX = box.left + (box.right - box.left - spanX * scale) / 2;
  const offsetY = box.top + (box.bottom - box.top - spanY * scale) / 2;
  const toPx = (p: PreviewPoint) => {
    const m = project(p);
    return { x: round(offsetX + (m.x - minX) * scale), y: round(offsetY + (m.y - minY) * scale) };
  };

  const parts: string[] = [];
  const pixels: Array<{ x: number; y: number }> = [];
  for (const p of line.map(toPx)) {
    const last = pixels[pixels.length - 1];
    if (!last || Math.abs(last.x - p.x) >= 1 || Math.abs(last.y - p.y) >= 1) pixels.push(p);
  }
  if (pixels.length >= 2) {
    const d = `M${pixels.map((p) => `${p.x} ${p.y}`).join('L')}`;
    const dashed = picture.road ? '' : ' stroke-dasharray="22 16"';
    // A soft glow under the road, from wide faint strokes (a blur filter costs librsvg ten times the rest).
    for (const [width, opacity] of [[44, 0.05], [34, 0.08], [26, 0.12]] as const) {
      parts.push(`<path d="${d}" fill="none" stroke="${IGNITION_500}" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`);
    }
    parts.push(`<path d="${d}" fill="none" stroke="${ASPHALT_950}" stroke-width="17" stroke-linecap="round" stroke-linejoin="round"/>`);
    parts.push(`<path d="${d}" fill="none" stroke="${IGNITION_500}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"${dashed}/>`);
  }
  const stops = stopPoints.map(toPx);
  const marker = (p: { x: number; y: number }, radius: number, fill: string, ring: string, ringWidth: number) =>
    `<circle cx="${p.x}" cy="${p.y}" r="${radius + 4}" fill="${ASPHALT_950}" fill-opacity="0.6"/><circle cx="${p.x}" cy="${p.y}" r="${radius}" fill="${fill}" stroke="${ring}" stroke-width="${ringWidth}"/>`;
  // Stops between the ends: small white dots ringed in the route's colour.
  for (const p of stops.slice(1, -1)) parts.push(marker(p, 11, '#fff', IGNITION_600, 5));
  if (stops.length >= 2) {
    // The finish: a chequered disc (a flag's pattern, drawn); under the start when the ride is a loop.
    const f = stops[stops.length - 1]!;
    parts.push(`<circle cx="${f.x}" cy="${f.y}" r="26" fill="${ASPHALT_950}" fill-opacity="0.6"/><circle cx="${f.x}" cy="${f.y}" r="21" fill="#fff"/>`);
    parts.push(`<path d="M${f.x - 12} ${f.y - 12}h8v8h-8zM${f.x + 4} ${f.y - 12}h8v8h-8zM${f.x - 4} ${f.y - 4}h8v8h-8zM${f.x - 12} ${f.y + 4}h8v8h-8zM${f.x + 4} ${f.y + 4}h8v8h-8z" fill="${ASPHALT_900}"/>`);
    parts.push(`<circle cx="${f.x}" cy="${f.y}" r="21" fill="none" stroke="${ASPHALT_900}" stroke-width="3"/>`);
  }
  const s = stops[0];
  if (s) {
    const loop = stops.length >= 2 && Math.hypot(stops[stops.length - 1]!.x - s.x, stops[stops.length - 1]!.y - s.y) < 20;
    parts.push(marker(s, loop ? 11 : 16, START_GREEN, '#fff', 5));
  }
  return frame(`${parts.join('\n')}\n${cornerMark}`);
}

async function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 6 }).toBuffer();
}

/** A ride's picture: its route and stops, or the app's card when none of its stops is on the map. */
export function drawRidePicture(picture: RoutePicture): Promise<Buffer> {
  return rasterise(picture.stops.length === 0 ? appCardSvg() : routeSvg(picture));
}

/** The app's card: what a page that shows nothing of its own (or may not) is shared with. */
export function drawAppCard(): Promise<Buffer> {
  return rasterise(appCardSvg());
}

/** Under this size every chat app shows a preview's picture. */
export const PREVIEW_MAX_BYTES = 300 * 1024;

/** Raised when fitPhoto changes, so every fitted photo's address changes. */
const PHOTO_FORMAT = 1;

/** An uploaded photo's kind: a group's image fills the frame; a rider's avatar sits whole in a circle. */
export type PhotoKind = 'group' | 'avatar';

/** The version of an uploaded photo's picture: its stored file (a new upload has a new key) and the fitting. */
export function photoVersion(kind: PhotoKind, storageKey: string): string {
  return crypto.createHash('sha256').update(JSON.stringify([PHOTO_FORMAT, kind, storageKey])).digest('hex').slice(0, 16);
}

/**
 * An uploaded photo fitted to 1200x630, as a JPEG under PREVIEW_MAX_BYTES (a photo as PNG would be
 * megabytes): a group's image cropped to fill the frame around its middle; an avatar (square) whole,
 * in a circle in the middle of the app's frame. The quality steps down until it fits.
 */
export async function fitPhoto(photo: Buffer, kind: PhotoKind): Promise<Buffer> {
  let image: ReturnType<typeof sharp>;
  if (kind === 'group') {
    image = sharp(photo).rotate().resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'cover', position: 'attention' }).flatten({ background: ASPHALT_900 });
  } else {
    const size = 440;
    const circle = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></svg>`);
    const avatar = await sharp(photo).rotate().resize(size, size, { fit: 'cover' }).composite([{ input: circle, blend: 'dest-in' }]).png().toBuffer();
    const ring = `<circle cx="${PREVIEW_WIDTH / 2}" cy="${PREVIEW_HEIGHT / 2}" r="${size / 2 + 8}" fill="${IGNITION_500}"/>`;
    const background = await rasterise(frame(`${ring}\n${cornerMark}`));
    image = sharp(background).composite([{ input: avatar, left: (PREVIEW_WIDTH - size) / 2, top: (PREVIEW_HEIGHT - size) / 2 }]);
  }
  const pixels = await image.raw().toBuffer({ resolveWithObject: true });
  let jpeg = Buffer.alloc(0);
  for (const quality of [82, 70, 58, 46, 34]) {
    jpeg = await sharp(pixels.data, { raw: pixels.info }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length < PREVIEW_MAX_BYTES) break;
  }
  return jpeg;
}

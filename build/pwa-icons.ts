/**
 * Draws the installable app's icons into public/icons (issue 32 point 1): `npx tsx build/pwa-icons.ts`.
 * The PNGs are committed (the build does not run this); run it again when the logo changes.
 *
 * - icon-<size>.png (`any`): the logo as the favicon draws it, rounded corners on a transparent ground.
 * - icon-maskable-<size>.png (`maskable`): the gradient to every edge and the road inside the safe
 *   zone, the centred circle of radius 40% that every launcher's mask keeps (W3C manifest, "icon masks").
 * - apple-touch-icon.png: 180 px, square and opaque (iOS rounds it itself).
 */
import path from 'node:path';
import sharp from 'sharp';

const GRADIENT = '<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffb25c"/><stop offset="1" stop-color="#e8650a"/></linearGradient>';
const ROAD =
  '<path d="M7 28c0-7 4-9 9-11s8-5 8-12" fill="none" stroke="#16191f" stroke-width="6" stroke-linecap="round"/>' +
  '<path d="M7 28c0-7 4-9 9-11s8-5 8-12" fill="none" stroke="#fff" stroke-width="1.4" stroke-linecap="round" stroke-dasharray="2.2 2.6"/>';

/** The road's farthest point from its centre (15.5, 16.5) is an end with its round cap: 17.3 units. */
const ROAD_CENTRE = { x: 15.5, y: 16.5 };
const ROAD_RADIUS = 17.3;

function anyIcon(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs>${GRADIENT}</defs><rect width="32" height="32" rx="8" fill="url(#g)"/>${ROAD}</svg>`;
}

/** Full-bleed gradient; the road scaled to fill a circle of radius 36% (inside the 40% safe zone). */
function fullBleedIcon(roadRadius: number): string {
  const scale = (roadRadius * 32) / ROAD_RADIUS;
  const move = `translate(16 16) scale(${scale}) translate(${-ROAD_CENTRE.x} ${-ROAD_CENTRE.y})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs>${GRADIENT}</defs><rect width="32" height="32" fill="url(#g)"/><g transform="${move}">${ROAD}</g></svg>`;
}

async function draw(svg: string, size: number, file: string): Promise<void> {
  const out = path.resolve('public/icons', file);
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 }).resize(size, size).png({ compressionLevel: 9, palette: false }).toFile(out);
  console.log(out);
}

for (const size of [192, 512]) {
  await draw(anyIcon(), size, `icon-${size}.png`);
  await draw(fullBleedIcon(0.36), size, `icon-maskable-${size}.png`);
}
await draw(fullBleedIcon(0.42), 180, 'apple-touch-icon.png');

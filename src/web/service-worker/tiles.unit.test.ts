import { describe, expect, it } from 'vitest';
import { corridorTiles, tilePosition, tileMatcher, tileSettings, tilesToDrop, tileUrl, type LatLon, type Tile } from './tiles';

const BOLOGNA: LatLon = [44.4949, 11.3426];
const FUTA: LatLon = [44.0918, 11.2836];
const key = (t: Tile) => `${t.z}/${t.x}/${t.y}`;
const atZoom = (tiles: Tile[], z: number) => tiles.filter((t) => t.z === z);

describe('tile positions', () => {
  it('puts a point in the tile OpenStreetMap serves for it at each zoom', () => {
    const bologna = [8, 9, 10, 11, 12, 13, 14].map((z) => {
      const { x, y } = tilePosition(BOLOGNA, z);
      return `${z}/${Math.floor(x)}/${Math.floor(y)}`;
    });
    expect(bologna).toEqual(['8/136/92', '9/272/185', '10/544/370', '11/1088/740', '12/2177/1481', '13/4354/2963', '14/8708/5926']);
    expect(tilePosition([0, 0], 0)).toEqual({ x: 0.5, y: 0.5 });
  });
});

describe('the tiles along a route', () => {
  it('takes the 3x3 tiles around a single point at each zoom from 8 to 14, lower zooms first', () => {
    const tiles = corridorTiles([BOLOGNA]);
    expect(tiles).toHaveLength(7 * 9);
    expect(tiles.map((t) => t.z)).toEqual([...tiles.map((t) => t.z)].sort((a, b) => a - b));
    expect(new Set(tiles.map(key)).size).toBe(tiles.length);
    expect(atZoom(tiles, 14).map(key)).toContain('14/8708/5926');
    expect(atZoom(tiles, 14).map(key)).toContain('14/8707/5925');
    expect(atZoom(tiles, 14).map(key)).toContain('14/8709/5927');
  });

  it('covers every tile a straight line crosses, with one tile on either side, at each zoom', () => {
    const tiles = corridorTiles([BOLOGNA, FUTA]);
    for (let z = 8; z <= 14; z++) {
      const found = new Set(atZoom(tiles, z).map(key));
      // Walk the line in steps of a hundredth of a tile: each tile it touches, and its neighbours, are there.
      const a = tilePosition(BOLOGNA, z);
      const b = tilePosition(FUTA, z);
      const steps = Math.ceil(Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y)) * 100) + 1;
      for (let s = 0; s <= steps; s++) {
        const x = Math.floor(a.x + ((b.x - a.x) * s) / steps);
        const y = Math.floor(a.y + ((b.y - a.y) * s) / steps);
        for (const [dx, dy] of [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]]) expect(found.has(`${z}/${x + dx!}/${y + dy!}`)).toBe(true);
      }
    }
    // Bologna to the Futa pass, 45 km south: 25 tiles down and 3 across at zoom 14: three wide, and a few more at each step across.
    expect(atZoom(tiles, 14).length).toBeGreaterThanOrEqual(26 * 3);
    expect(atZoom(tiles, 14).length).toBeLessThanOrEqual(26 * 3 + 3 * 6);
    expect(atZoom(tiles, 8)).toHaveLength(9);
  });

  it('stops at the cap, keeping the whole corridor of the lower zooms', () => {
    const all = corridorTiles([BOLOGNA, FUTA]);
    const capped = corridorTiles([BOLOGNA, FUTA], { max: 40 });
    expect(capped).toHaveLength(40);
    expect(capped).toEqual(all.slice(0, 40));
    expect(atZoom(capped, 8)).toHaveLength(9);
    expect(Math.max(...capped.map((t) => t.z))).toBeLessThan(14);
    expect(corridorTiles([BOLOGNA, FUTA], { max: 0 })).toEqual([]);
  });

  it('wraps round the antimeridian and stays inside the world at the poles', () => {
    const tiles = corridorTiles([[0, 179.99]], { zooms: { min: 8, max: 8 } });
    expect(tiles.map((t) => t.x).sort((a, b) => a - b)).toEqual([0, 0, 0, 254, 254, 254, 255, 255, 255]);
    const north = corridorTiles([[89, 0]], { zooms: { min: 8, max: 8 } });
    expect(north.every((t) => t.y >= 0)).toBe(true);
    expect(north).toHaveLength(6);
    expect(corridorTiles([])).toEqual([]);
    expect(corridorTiles([[Number.NaN, 3]])).toEqual([]);
  });
});

describe('tile addresses', () => {
  it("writes a tile's address from the template, and knows the template's tiles from other images", () => {
    expect(tileUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { z: 14, x: 8708, y: 5926 })).toBe('https://tile.openstreetmap.org/14/8708/5926.png');
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}{r}.png?key=a.b', { z: 3, x: 1, y: 2 })).toBe('https://a.tiles.example/3/1/2.png?key=a.b');

    const osm = tileMatcher('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(osm('https://tile.openstreetmap.org/14/8708/5926.png')).toBe(true);
    expect(osm('https://tile.openstreetmap.org/14/8708/5926.png.evil')).toBe(false);
    expect(osm('https://tile.openstreetmap.org/a/8708/5926.png')).toBe(false);
    expect(osm('https://other.example/14/8708/5926.png')).toBe(false);

    const shards = tileMatcher('https://{s}.tiles.example/{z}/{x}/{y}{r}.png?key=a.b');
    expect(shards('https://b.tiles.example/3/1/2@2x.png?key=a.b')).toBe(true);
    expect(shards('https://b.tiles.example/3/1/2.png?key=a.b')).toBe(true);
    expect(shards('https://b.tiles.example/3/1/2.png?key=aXb')).toBe(false);
  });
});

describe('the cache cap', () => {
  const tile = (url: string, kb: number, savedAt: number) => ({ url, bytes: kb * 1024, savedAt });

  it('drops the longest kept tiles first until the rest fit, and none when they fit', () => {
    const kept = [tile('c', 30, 3), tile('a', 20, 1), tile('d', 10, 4), tile('b', 25, 2)];
    expect(tilesToDrop(kept, 85 * 1024)).toEqual([]);
    expect(tilesToDrop(kept, 84 * 1024)).toEqual(['a']);
    expect(tilesToDrop(kept, 40 * 1024)).toEqual(['a', 'b']);
    expect(tilesToDrop(kept, 0)).toEqual(['a', 'b', 'c', 'd']);
  });

  it("reads the server's offline settings, in bytes, prefetch off unless said", () => {
    expect(tileSettings({ tileUrl: 'https://t.example/{z}/{x}/{y}.png', tileOffline: { cacheMb: 100, prefetch: true, prefetchMaxTiles: 3000 } })).toEqual({
      template: 'https://t.example/{z}/{x}/{y}.png',
      capBytes: 100 * 1024 * 1024,
      prefetch: true,
      prefetchMaxTiles: 3000,
      prefetchMaxBytes: 50 * 1024 * 1024,
    });
    expect(tileSettings({ tileUrl: 'https://t.example/{z}/{x}/{y}.png', tileOffline: { cacheMb: 5 } })?.prefetch).toBe(false);
    expect(tileSettings({ tileUrl: '', tileOffline: { cacheMb: 5 } })).toBeNull();
    expect(tileSettings({ tileUrl: 'https://t.example/{z}/{x}/{y}.png' })).toBeNull();
    expect(tileSettings(null)).toBeNull();
  });
});

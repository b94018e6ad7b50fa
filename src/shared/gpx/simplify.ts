/**
 * Line simplification for drawing long tracks (Ramer-Douglas-Peucker). Works on degrees with the
 * longitude scaled by cos(latitude), which is plenty for choosing which points a map needs.
 */

/** Indices (ascending, first and last included) of the points RDP keeps at this tolerance. */
function rdp(x: Float64Array, y: Float64Array, tolerance: number): number[] {
  const n = x.length;
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const tolerance2 = tolerance * tolerance;
  const stack: Array<[number, number]> = [[0, n - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    const ax = x[first]!;
    const ay = y[first]!;
    const dx = x[last]! - ax;
    const dy = y[last]! - ay;
    const length2 = dx * dx + dy * dy;
    let farthest = -1;
    let farthest2 = tolerance2;
    for (let i = first + 1; i < last; i++) {
      let px = x[i]! - ax;
      let py = y[i]! - ay;
      if (length2 > 0) {
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / length2));
        px -= t * dx;
        py -= t * dy;
      }
      const d2 = px * px + py * py;
      if (d2 > farthest2) {
        farthest = i;
        farthest2 = d2;
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  const indices: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) indices.push(i);
  return indices;
}

/** Metres in a degree of latitude (and of longitude at the equator), near enough for tolerances. */
const METRES_PER_DEGREE = 111_320;

function projected(lat: readonly number[], lon: readonly number[]): { x: Float64Array; y: Float64Array } {
  const n = lat.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += lat[i]!;
  // Longitudes scaled at the line's mean latitude: within a few parts in a thousand over a ride.
  const scale = Math.cos(((n > 0 ? sum / n : 0) * Math.PI) / 180);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = lon[i]! * scale;
    y[i] = lat[i]!;
  }
  return { x, y };
}

/**
 * The indices RDP keeps so that no point of the line is farther than `metres` from what is kept,
 * or, when that still leaves more than `maxPoints`, at most `maxPoints` of them (simplifyIndices).
 */
export function simplifyWithinMetres(lat: readonly number[], lon: readonly number[], metres: number, maxPoints: number): number[] {
  const n = lat.length;
  if (n <= 2) return Array.from({ length: n }, (_, i) => i);
  const { x, y } = projected(lat, lon);
  const kept = rdp(x, y, metres / METRES_PER_DEGREE);
  return kept.length <= maxPoints ? kept : simplifyIndices(lat, lon, maxPoints);
}

/**
 * At most `maxPoints` indices of a line that still follow its shape: the smallest RDP tolerance
 * (doubling from about a metre; with `fill`, refined between the last two) that keeps no more than
 * that; evenly spaced points as a last resort.
 */
export function simplifyIndices(lat: readonly number[], lon: readonly number[], maxPoints: number, options: { fill?: boolean } = {}): number[] {
  const n = lat.length;
  if (n <= maxPoints || n <= 2) return Array.from({ length: n }, (_, i) => i);
  const scale = Math.cos(((lat[0] ?? 0) * Math.PI) / 180);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = lon[i]! * scale;
    y[i] = lat[i]!;
  }
  for (let tolerance = 0.00001; tolerance < 1; tolerance *= 2) {
    const kept = rdp(x, y, tolerance);
    if (kept.length > maxPoints) continue;
    if (!options.fill || tolerance === 0.00001) return kept;
    // `fill`: the doubling may keep far fewer than allowed; a few halvings between the last two
    // tolerances come closer to `maxPoints` (for files where every point counts, such as a 48-point ITN).
    let best = kept;
    let low = tolerance / 2;
    let high = tolerance;
    for (let step = 0; step < 10; step++) {
      const middle = (low + high) / 2;
      const tried = rdp(x, y, middle);
      if (tried.length <= maxPoints) {
        best = tried;
        high = middle;
      } else {
        low = middle;
      }
    }
    return best;
  }
  const step = (n - 1) / (Math.max(2, maxPoints) - 1);
  return Array.from({ length: Math.max(2, maxPoints) }, (_, i) => Math.round(i * step));
}

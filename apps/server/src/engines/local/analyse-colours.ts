/**
 * Names colours in the plain words a prompt uses ('warm beige', 'deep navy', 'soft pink'), from
 * CIE L*C*h: lightness 0–100, chroma (how colourful) and hue angle in degrees.
 */

export type TLch = { l: number; c: number; h: number };

function srgbToLinear(value: number): number {
  const v = value / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function labPivot(t: number): number {
  return t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116;
}

/** sRGB (0–255 per channel) to CIE L*C*h (D65). */
export function rgbToLch(r: number, g: number, b: number): TLch {
  const [lr, lg, lb] = [srgbToLinear(r), srgbToLinear(g), srgbToLinear(b)];
  const x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / 0.95047;
  const y = 0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb;
  const z = (0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / 1.08883;
  const [fx, fy, fz] = [labPivot(x), labPivot(y), labPivot(z)];
  const l = 116 * fy - 16;
  const a = 500 * (fx - fy);
  const bb = 200 * (fy - fz);
  const h = (Math.atan2(bb, a) * 180) / Math.PI;
  return { l, c: Math.hypot(a, bb), h: h < 0 ? h + 360 : h };
}

/** A greyish colour: named by lightness, with a warm or cool tint when it has one. */
function neutralName({ l, c, h }: TLch): string {
  const warm = c >= 4 && h >= 20 && h < 110;
  const cool = c >= 4 && h >= 180 && h < 300;
  if (l < 14) return 'black';
  if (l < 32) return warm ? 'dark brown' : cool ? 'dark slate' : 'charcoal';
  if (l < 58) return warm ? 'taupe' : cool ? 'slate grey' : 'grey';
  if (l < 80) return warm ? 'warm grey' : cool ? 'cool grey' : 'light grey';
  if (l < 93) return warm ? 'cream' : cool ? 'cool white' : 'off-white';
  return warm ? 'warm white' : 'white';
}

/** Reds and pinks: Lab hue ≥ 345° or < 42°. */
function redName({ l, c, h }: TLch): string {
  if (l >= 75) return c < 20 ? 'pale pink' : 'soft pink';
  if (l >= 58) {
    if (c < 30) return 'dusty rose';
    if (c >= 50) return h >= 345 || h < 15 ? 'hot pink' : h >= 30 ? 'coral' : 'salmon pink';
    return 'pink';
  }
  if (l < 32) return c < 30 ? 'deep plum' : h >= 30 ? 'deep maroon' : 'deep burgundy';
  if (c < 30) return 'muted rose';
  return l < 45 ? 'deep red' : 'red';
}

/** Oranges, browns and skin tones: Lab hue 42–75°. */
function orangeName({ l, c, h }: TLch): string {
  if (l >= 80 && c >= 20) return 'peach';
  if (c < 32) {
    if (l < 38) return 'dark brown';
    if (l < 55) return 'brown';
    if (l < 72) return 'warm tan';
    return 'warm beige';
  }
  if (l < 50) return 'rust';
  if (l < 60) return 'caramel';
  if (l < 80) return c < 60 ? 'apricot' : h < 52 ? 'coral' : 'orange';
  return 'peach';
}

/** Yellows, golds, khakis and olives: Lab hue 75–105°. */
function yellowName({ l, c, h }: TLch): string {
  if (c < 30) {
    if (l < 40) return 'dark olive';
    if (l < 60) return 'taupe';
    return 'sand';
  }
  if (l < 62) return h >= 90 ? 'olive' : 'amber';
  if (l < 80) return h >= 90 ? 'olive' : h < 82 ? 'honey' : 'mustard yellow';
  return h < 88 ? 'golden yellow' : 'yellow';
}

/** Greens: Lab hue 105–170°. */
function greenName({ l, c, h }: TLch): string {
  if (l < 35) return 'forest green';
  if (c < 25) return l >= 60 ? 'sage green' : 'olive green';
  if (l >= 80) return 'mint green';
  if (h < 125) return 'olive green';
  return 'green';
}

/** Teals and turquoises: Lab hue 170–225°. */
function tealName({ l }: TLch): string {
  if (l < 40) return 'deep teal';
  if (l >= 70) return 'turquoise';
  return 'teal';
}

/** Blues: Lab hue 225–312° (navy sits as far round as 306°). */
function blueName({ l, c, h }: TLch): string {
  if (l < 22) return 'deep navy';
  if (l < 36) return 'navy';
  if (l >= 68 && h >= 290) return 'lavender';
  if (l >= 70) return c < 20 ? 'pale blue' : 'sky blue';
  if (c < 35) return 'denim blue';
  return 'blue';
}

/** Purples and magentas: Lab hue 312–345°. */
function purpleName({ l, c, h }: TLch): string {
  if (l < 35) return c < 40 ? 'deep plum' : 'deep purple';
  if (l >= 68) return 'lavender';
  if (c >= 80 && h >= 320) return 'magenta';
  return 'purple';
}

/** Plain hue words that take a 'vivid' or 'muted' in front. */
const MODIFIABLE = new Set(['red', 'pink', 'orange', 'green', 'teal', 'blue', 'purple', 'yellow']);

/** The plain-words name of an sRGB colour. */
export function colourName(r: number, g: number, b: number): string {
  const lch = rgbToLch(r, g, b);
  const { l, c, h } = lch;
  // Very dark or very light colours read as black or white whatever their hue.
  if (l < 10 || c < 9 || (l > 95 && c < 15)) return neutralName(lch);
  // Pale, slightly warm colours: beige and cream whatever their exact hue.
  if (c < 22 && l >= 75 && h >= 50 && h < 115) return l >= 90 ? 'cream' : 'warm beige';
  const name =
    h >= 345 || h < 42
      ? redName(lch)
      : h < 75
        ? orangeName(lch)
        : h < 105
          ? yellowName(lch)
          : h < 170
            ? greenName(lch)
            : h < 225
              ? tealName(lch)
              : h < 312
                ? blueName(lch)
                : purpleName(lch);
  if (MODIFIABLE.has(name) && c >= 70 && l >= 35 && l < 75) return `vivid ${name}`;
  if (MODIFIABLE.has(name) && c < 22) return `muted ${name}`;
  return name;
}

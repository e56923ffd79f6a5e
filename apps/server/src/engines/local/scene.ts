/**
 * The scene of an offline Generate image (docs/product/generate.md): the creator's words and
 * the style preset read as a setting, a time of day and a palette, then drawn as a procedural
 * background (gradients, horizon, sun, skyline, trees, bokeh) in SVG and rendered by sharp. The
 * same words, style and seed always give the same scene; different words give a different one.
 */
import type { TGenerateStyle } from '@muse/shared';
import sharp from 'sharp';

export const SETTINGS = [
  'beach',
  'city',
  'forest',
  'mountains',
  'snow',
  'studio',
  'interior',
  'pool',
  'desert',
] as const;
export type TSetting = (typeof SETTINGS)[number];
export type TTimeOfDay = 'day' | 'morning' | 'sunset' | 'night';
type TRgb = [number, number, number];

export type TScene = {
  setting: TSetting;
  time: TTimeOfDay;
  /** A colour the creator named ('red dress', 'pink neon'), used as the scene's accent. */
  accent: TRgb | null;
  style: TGenerateStyle;
};

const SETTING_WORDS: [TSetting, RegExp][] = [
  ['pool', /\b(pool|poolside|swimming)\b/],
  ['beach', /\b(beach|sea|ocean|seaside|shore|coast|surf|island|tropical)\b/],
  ['snow', /\b(snow|snowy|winter|ski|skiing|ice)\b/],
  ['mountains', /\b(mountains?|hiking|hike|alps|hills?|cliff|valley)\b/],
  ['desert', /\b(desert|dunes?|sahara)\b/],
  ['forest', /\b(forest|woods|park|garden|nature|trees?|jungle|meadow|field|flowers)\b/],
  [
    'interior',
    /\b(caf[eé]|coffee|restaurant|bar|kitchen|bedroom|bed|home|living room|hotel|office|apartment|room|library|gym)\b/,
  ],
  ['city', /\b(city|street|urban|downtown|rooftop|neon|skyline|new york|paris|tokyo|london)\b/],
  ['studio', /\b(studio|backdrop|seamless)\b/],
];

const TIME_WORDS: [TTimeOfDay, RegExp][] = [
  ['night', /\b(night|midnight|neon|evening|nightclub|moon(lit)?|stars?)\b/],
  ['sunset', /\b(sunset|golden hour|dusk|twilight|sundown)\b/],
  ['morning', /\b(sunrise|dawn|morning|breakfast)\b/],
];

const COLOUR_WORDS: Record<string, TRgb> = {
  red: [200, 40, 50],
  pink: [236, 90, 160],
  purple: [130, 70, 190],
  violet: [130, 70, 190],
  blue: [40, 100, 210],
  teal: [20, 150, 150],
  turquoise: [40, 190, 190],
  green: [50, 150, 80],
  yellow: [240, 200, 50],
  gold: [212, 160, 60],
  golden: [212, 160, 60],
  orange: [240, 130, 40],
  white: [235, 235, 235],
  black: [25, 25, 30],
  pastel: [240, 190, 210],
};

/** Reads the setting, time of day and accent colour from the words and the style. */
export function readScene(prompt: string, style: TGenerateStyle): TScene {
  const words = prompt.toLowerCase();
  const setting =
    SETTING_WORDS.find(([, pattern]) => pattern.test(words))?.[0] ??
    (style === 'studio' || style === 'editorial' ? 'studio' : 'city');
  let time = TIME_WORDS.find(([, pattern]) => pattern.test(words))?.[0] ?? 'day';
  if (style === 'golden-hour' && time === 'day') time = 'sunset';
  const named = Object.keys(COLOUR_WORDS).find((colour) =>
    new RegExp(`\\b${colour}\\b`).test(words),
  );
  return { setting, time, accent: named ? COLOUR_WORDS[named]! : null, style };
}

/** A small deterministic generator (mulberry32) so a seed always draws the same scene. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = ([r, g, b]: TRgb) =>
  `#${[r, g, b]
    .map((value) =>
      Math.round(Math.max(0, Math.min(255, value)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
const mix = (a: TRgb, b: TRgb, t: number): TRgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** Sky colours from top to horizon, by time of day. */
const SKIES: Record<TTimeOfDay, [TRgb, TRgb]> = {
  day: [
    [92, 150, 215],
    [200, 222, 240],
  ],
  morning: [
    [150, 180, 220],
    [250, 214, 190],
  ],
  sunset: [
    [70, 60, 130],
    [252, 150, 80],
  ],
  night: [
    [8, 10, 30],
    [40, 38, 80],
  ],
};

/** The key light's colour a scene casts on the persona, by time of day. */
export function keyLight(scene: TScene): TRgb {
  if (scene.setting === 'studio') return [246, 242, 236];
  return {
    day: [255, 250, 242],
    morning: [255, 238, 220],
    sunset: [255, 196, 140],
    night: [150, 160, 220],
  }[scene.time] as TRgb;
}

type TDraw = { width: number; height: number; random: () => number; scene: TScene };

function skyAndSun({ width, scene, random }: TDraw, horizon: number): string {
  const [top, bottom] = SKIES[scene.time];
  const sunX = width * (0.15 + random() * 0.7);
  const sunY = horizon * (scene.time === 'sunset' ? 0.85 : scene.time === 'morning' ? 0.7 : 0.3);
  const sun =
    scene.time === 'night'
      ? `<circle cx="${sunX}" cy="${horizon * 0.25}" r="${width * 0.035}" fill="#f4f1e0" opacity="0.9"/>` +
        Array.from(
          { length: 60 },
          () =>
            `<circle cx="${random() * width}" cy="${random() * horizon * 0.8}" r="${0.6 + random() * 1.4}" fill="#fff" opacity="${0.3 + random() * 0.6}"/>`,
        ).join('')
      : `<circle cx="${sunX}" cy="${sunY}" r="${width * 0.25}" fill="url(#glow)"/>` +
        `<circle cx="${sunX}" cy="${sunY}" r="${width * 0.05}" fill="${scene.time === 'day' ? '#fffbe8' : '#ffd9a0'}"/>`;
  return (
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(top)}"/><stop offset="1" stop-color="${hex(bottom)}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="#fff3d0" stop-opacity="0.8"/><stop offset="1" stop-color="#fff3d0" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${horizon}" fill="url(#sky)"/>${sun}`
  );
}

function ridge(width: number, base: number, amplitude: number, random: () => number, fill: string) {
  const points: string[] = [`0,${base}`];
  let y = base - amplitude * random();
  for (let x = 0; x <= width; x += width / 12) {
    y = Math.max(base - amplitude, Math.min(base, y + (random() - 0.5) * amplitude * 0.8));
    points.push(`${x.toFixed(0)},${y.toFixed(0)}`);
  }
  points.push(`${width},${base}`, `${width},${base + 4000}`, `0,${base + 4000}`);
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

function bokeh({ width, height, random, scene }: TDraw, count: number, colours: TRgb[]): string {
  return Array.from({ length: count }, () => {
    const colour = colours[Math.floor(random() * colours.length)]!;
    const r = width * (0.015 + random() * 0.05);
    return `<circle cx="${random() * width}" cy="${random() * height * 0.8}" r="${r}" fill="${hex(colour)}" opacity="${scene.time === 'night' ? 0.55 : 0.3}"/>`;
  }).join('');
}

/** The scene's SVG: each setting drawn from simple shapes, lit by its time of day. */
function sceneSvg(draw: TDraw): string {
  const { width, height, random, scene } = draw;
  const accent = scene.accent;
  const night = scene.time === 'night';
  const dim = (colour: TRgb) => (night ? mix(colour, [10, 12, 30], 0.65) : colour);
  let body = '';
  switch (scene.setting) {
    case 'beach':
    case 'pool': {
      const horizon = height * 0.55;
      const sea: TRgb = scene.setting === 'pool' ? [60, 180, 210] : [40, 110, 160];
      body =
        skyAndSun(draw, horizon) +
        `<rect y="${horizon}" width="${width}" height="${height * 0.2}" fill="${hex(dim(sea))}"/>` +
        Array.from(
          { length: 14 },
          (_, i) =>
            `<rect x="${random() * width * 0.8}" y="${horizon + (i * height * 0.2) / 14}" width="${width * (0.1 + random() * 0.3)}" height="2" fill="#fff" opacity="0.25"/>`,
        ).join('') +
        `<rect y="${horizon + height * 0.2}" width="${width}" height="${height}" fill="${hex(dim(scene.setting === 'pool' ? [225, 225, 215] : [226, 200, 160]))}"/>`;
      break;
    }
    case 'desert': {
      const horizon = height * 0.5;
      body =
        skyAndSun(draw, horizon) +
        ridge(width, horizon + height * 0.08, height * 0.1, random, hex(dim([214, 160, 100]))) +
        ridge(width, horizon + height * 0.25, height * 0.12, random, hex(dim([230, 180, 120])));
      break;
    }
    case 'mountains':
    case 'snow': {
      const horizon = height * 0.5;
      const snow = scene.setting === 'snow';
      body =
        skyAndSun(draw, horizon) +
        ridge(
          width,
          horizon,
          height * 0.25,
          random,
          hex(dim(snow ? [200, 210, 230] : [90, 110, 140])),
        ) +
        ridge(
          width,
          horizon + height * 0.12,
          height * 0.18,
          random,
          hex(dim(snow ? [235, 240, 248] : [70, 100, 80])),
        ) +
        (snow
          ? Array.from(
              { length: 80 },
              () =>
                `<circle cx="${random() * width}" cy="${random() * height}" r="${1 + random() * 2.5}" fill="#fff" opacity="0.8"/>`,
            ).join('')
          : '');
      break;
    }
    case 'forest': {
      const horizon = height * 0.45;
      const greens: TRgb[] = [
        [40, 90, 50],
        [60, 120, 60],
        [90, 140, 70],
      ];
      body =
        skyAndSun(draw, horizon) +
        `<rect y="${horizon}" width="${width}" height="${height}" fill="${hex(dim([70, 120, 60]))}"/>` +
        Array.from({ length: 28 }, (_, i) => {
          const x = random() * width;
          const w = width * (0.06 + random() * 0.1);
          const top = horizon - height * (0.1 + random() * 0.25) + (i % 3) * height * 0.06;
          return `<ellipse cx="${x}" cy="${top}" rx="${w}" ry="${w * 1.5}" fill="${hex(dim(greens[i % 3]!))}"/><rect x="${x - w * 0.08}" y="${top}" width="${w * 0.16}" height="${height}" fill="${hex(dim([70, 50, 35]))}"/>`;
        }).join('') +
        bokeh(draw, 14, [[250, 245, 200], accent ?? [255, 220, 150]]);
      break;
    }
    case 'city': {
      const horizon = height * 0.6;
      const building: TRgb = night ? [25, 28, 45] : [120, 130, 150];
      const lights: TRgb[] = night
        ? [accent ?? [255, 60, 160], [60, 200, 255], [255, 200, 90]]
        : [[250, 250, 240]];
      body =
        skyAndSun(draw, horizon) +
        Array.from({ length: 16 }, () => {
          const w = width * (0.06 + random() * 0.1);
          const x = random() * width - w / 2;
          const h = height * (0.2 + random() * 0.45);
          const shade = mix(building, [0, 0, 0], random() * 0.3);
          const windows = Array.from({ length: 10 }, () => {
            const c = lights[Math.floor(random() * lights.length)]!;
            return `<rect x="${x + random() * w * 0.8}" y="${horizon - h + random() * h}" width="${w * 0.08}" height="${w * 0.1}" fill="${hex(c)}" opacity="${night ? 0.9 : 0.35}"/>`;
          }).join('');
          return `<rect x="${x}" y="${horizon - h}" width="${w}" height="${h}" fill="${hex(shade)}"/>${windows}`;
        }).join('') +
        `<rect y="${horizon}" width="${width}" height="${height}" fill="${hex(night ? [30, 30, 45] : [150, 150, 155])}"/>` +
        (night ? bokeh(draw, 26, lights) : '');
      break;
    }
    case 'interior': {
      const wall: TRgb = accent ? mix(accent, [240, 230, 215], 0.7) : [214, 196, 172];
      const windowX = width * (0.1 + random() * 0.5);
      body =
        `<rect width="${width}" height="${height}" fill="${hex(dim(wall))}"/>` +
        `<rect x="${windowX}" y="${height * 0.12}" width="${width * 0.35}" height="${height * 0.45}" fill="${hex(night ? [20, 24, 50] : [235, 240, 245])}"/>` +
        `<rect x="${windowX + width * 0.17}" y="${height * 0.12}" width="${width * 0.012}" height="${height * 0.45}" fill="${hex(dim([120, 100, 80]))}"/>` +
        `<rect y="${height * 0.72}" width="${width}" height="${height}" fill="${hex(dim([140, 105, 75]))}"/>` +
        bokeh(draw, 12, [
          [255, 214, 150],
          [255, 240, 210],
        ]);
      break;
    }
    case 'studio': {
      const tone: TRgb = accent
        ? mix(accent, [235, 232, 228], 0.55)
        : scene.style === 'editorial'
          ? [205, 200, 196]
          : [228, 224, 218];
      body =
        `<defs><radialGradient id="backdrop" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="${hex(mix(tone, [255, 255, 255], 0.35))}"/><stop offset="1" stop-color="${hex(mix(tone, [40, 40, 45], 0.45))}"/></radialGradient></defs>` +
        `<rect width="${width}" height="${height}" fill="url(#backdrop)"/>`;
      break;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
}

/** The scene as RGB pixels, softly out of focus as behind a subject on a portrait lens. */
export async function renderScene(
  scene: TScene,
  width: number,
  height: number,
  seed: number,
): Promise<Buffer> {
  const svg = sceneSvg({ width, height, random: seededRandom(seed), scene });
  const blur = scene.setting === 'studio' ? 0.3 : scene.style === 'cinematic' ? 7 : 4.5;
  return sharp(Buffer.from(svg)).removeAlpha().blur(blur).raw().toBuffer();
}

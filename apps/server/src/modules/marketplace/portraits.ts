import { createAvatar } from '@dicebear/core';
import { avataaars } from '@dicebear/collection';
import sharp from 'sharp';
import type { TCatalogueModel, TPortraitLook } from './catalogue';

export const PORTRAIT_SIZES = {
  card: { width: 480, height: 640 },
  full: { width: 960, height: 1280 },
} as const;
export type TPortraitSize = keyof typeof PORTRAIT_SIZES;

/** Each of a model's portraits varies pose details, outfit and light, from the same look. */
const VARIATIONS = [
  {
    eyes: 'default',
    mouth: 'smile',
    eyebrows: 'defaultNatural',
    clothing: 'blazerAndShirt',
    angle: 135,
    accessory: null,
  },
  {
    eyes: 'happy',
    mouth: 'twinkle',
    eyebrows: 'raisedExcitedNatural',
    clothing: 'shirtScoopNeck',
    angle: 160,
    accessory: null,
  },
  {
    eyes: 'default',
    mouth: 'default',
    eyebrows: 'defaultNatural',
    clothing: 'collarAndSweater',
    angle: 110,
    accessory: null,
  },
  {
    eyes: 'default',
    mouth: 'smile',
    eyebrows: 'defaultNatural',
    clothing: 'shirtVNeck',
    angle: 150,
    accessory: 'wayfarers',
  },
  {
    eyes: 'wink',
    mouth: 'smile',
    eyebrows: 'raisedExcitedNatural',
    clothing: 'hoodie',
    angle: 125,
    accessory: null,
  },
] as const;

function backdropSvg(look: TPortraitLook, width: number, height: number, angle: number): string {
  const [from, to] = look.backdrop;
  const radians = (angle * Math.PI) / 180;
  const x = Math.cos(radians) / 2;
  const y = Math.sin(radians) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 480 640">
  <defs>
    <linearGradient id="bg" x1="${0.5 - x}" y1="${0.5 - y}" x2="${0.5 + x}" y2="${0.5 + y}">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.42" r="0.45">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/>
    </linearGradient>
  </defs>
  <rect width="480" height="640" fill="url(#bg)"/>
  <circle cx="240" cy="270" r="210" fill="url(#glow)"/>
  <circle cx="70" cy="90" r="36" fill="#ffffff" fill-opacity="0.06"/>
  <circle cx="420" cy="150" r="58" fill="#ffffff" fill-opacity="0.05"/>
  <circle cx="400" cy="70" r="14" fill="#ffffff" fill-opacity="0.09"/>
  <rect width="480" height="640" fill="url(#shade)"/>
</svg>`;
}

/** Draws portrait `position` of a model as WebP: an illustrated persona on a lit backdrop. */
export async function renderPortrait(
  model: TCatalogueModel,
  position: number,
  size: TPortraitSize,
): Promise<Buffer> {
  if (!model.look) throw new Error(`Model ${model.id} has no look to draw`);
  const look = model.look;
  const variation = VARIATIONS[position % VARIATIONS.length]!;
  const { width, height } = PORTRAIT_SIZES[size];

  const avatar = createAvatar(avataaars, {
    seed: `${model.id}`,
    // One hair style for all five: they are portraits of one persona, not five people.
    top: [look.hairStyles[0]!] as never,
    hairColor: [look.hairColor],
    skinColor: [look.skin],
    eyes: [variation.eyes],
    mouth: [variation.mouth],
    eyebrows: [variation.eyebrows],
    clothing: [variation.clothing],
    clothesColor: [look.palette[position % look.palette.length]!],
    facialHairProbability: 0,
    accessories: variation.accessory ? [variation.accessory] : undefined,
    accessoriesProbability: variation.accessory ? 100 : 0,
    backgroundColor: ['transparent'],
  } as never).toString();

  const avatarPng = await sharp(Buffer.from(avatar)).resize(width, width).png().toBuffer();
  const backdrop = Buffer.from(backdropSvg(look, width, height, variation.angle));
  return sharp(backdrop)
    .composite([{ input: avatarPng, top: height - width, left: 0 }])
    .webp({ quality: size === 'card' ? 80 : 84 })
    .toBuffer();
}

/**
 * The words of an image-to-prompt draft: who is in the picture, how they look and pose, how the
 * shot is framed and lit, and the camera and quality tags that suit Flux. Pure and deterministic.
 */
import type { TFace, TImageAnalysis } from '../types';

const NUMBERS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];

/** 'in her mid-twenties', 'in his early forties'; nothing under twenty or past seventy-nine. */
function decade(age: number, gender: TFace['gender']): string {
  const rounded = Math.round(age);
  if (rounded < 20 || rounded >= 80) return '';
  const tens = ['twenties', 'thirties', 'forties', 'fifties', 'sixties', 'seventies'];
  const unit = rounded % 10;
  const word = tens[Math.floor(rounded / 10) - 2] ?? '';
  const span = unit <= 2 ? `early ${word}` : unit <= 6 ? `mid-${word}` : `late ${word}`;
  const pronoun = gender === 'female' ? 'her' : gender === 'male' ? 'his' : 'their';
  return `in ${pronoun} ${span}`;
}

/**
 * Estimated ages are rough (the same adult can read 16 or 29 from one crop to the next), so only
 * a clear child reads as one; anyone the model puts at 13 or over is described as an adult.
 */
function noun(gender: TFace['gender'], age: number | undefined, plural: boolean): string {
  const child = age !== undefined && age < 13;
  if (gender === 'female') {
    if (child) return plural ? 'girls' : 'girl';
    return plural ? 'women' : 'woman';
  }
  if (gender === 'male') {
    if (child) return plural ? 'boys' : 'boy';
    return plural ? 'men' : 'man';
  }
  if (child) return plural ? 'children' : 'child';
  return plural ? 'people' : 'person';
}

function ageAdjective(age: number | undefined): string {
  if (age === undefined || age < 13) return '';
  if (age < 30) return 'young';
  if (age >= 65) return 'elderly';
  if (age >= 50) return 'mature';
  return '';
}

function withArticle(words: string): string {
  return /^[aeiou]/i.test(words) ? `an ${words}` : `a ${words}`;
}

/** 'a young woman in her mid-twenties', 'a group of three women', or 'a scene'. */
export function subjectPhrase(faces: TFace[]): string {
  if (faces.length === 0) return 'a scene';
  if (faces.length === 1) {
    const [face] = faces as [TFace];
    const adjective = ageAdjective(face.age);
    const who = [adjective, noun(face.gender, face.age, false)].filter(Boolean).join(' ');
    const age = face.age !== undefined ? decade(face.age, face.gender) : '';
    return [withArticle(who), age].filter(Boolean).join(' ');
  }
  const genders = new Set(faces.map((face) => face.gender).filter(Boolean));
  const gender = genders.size === 1 ? [...genders][0] : undefined;
  const ages = faces.map((face) => face.age);
  const youngest = Math.min(...ages.map((age) => age ?? 30));
  const allYoung = ages.every((age) => age !== undefined && age >= 13 && age < 30);
  const group = [allYoung ? 'young' : '', noun(gender, youngest, true)].filter(Boolean).join(' ');
  if (faces.length === 2) {
    if (gender === undefined && genders.size === 2 && youngest >= 13) return 'a couple';
    return `two ${group}`;
  }
  const count = NUMBERS[faces.length];
  return count ? `a group of ${count} ${group}` : `a group of ${group}`;
}

const EXPRESSIONS: Record<string, string> = {
  happy: 'smiling warmly',
  neutral: 'with a calm, relaxed expression',
  sad: 'with a wistful, pensive expression',
  surprise: 'with a surprised, wide-eyed expression',
  angry: 'with an intense, fierce expression',
  fear: 'with a startled expression',
  disgust: 'with a sceptical expression',
};

const GROUP_EXPRESSIONS: Record<string, string> = {
  happy: 'all smiling',
  neutral: 'with relaxed expressions',
};

/** The shared expression of the faces, in words; '' when there is none worth saying. */
export function expressionPhrase(faces: TFace[]): string {
  const expressions = faces.map((face) => face.expression).filter((e): e is string => !!e);
  if (expressions.length === 0) return '';
  if (faces.length === 1) return EXPRESSIONS[expressions[0] ?? ''] ?? '';
  const counts = new Map<string, number>();
  for (const e of expressions) counts.set(e, (counts.get(e) ?? 0) + 1);
  const [top, count] = [...counts.entries()].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  )[0] ?? ['', 0];
  if (count === faces.length) return GROUP_EXPRESSIONS[top] ?? '';
  if (top === 'happy' && count * 2 >= faces.length) return 'mostly smiling';
  return '';
}

/** Head turn and tilt of one person, or how a group stands. */
export function posePhrase(faces: TFace[]): string {
  if (faces.length > 1) return 'posing together';
  const face = faces[0];
  if (!face) return '';
  const parts: string[] = [];
  const yaw = Math.abs(face.yaw ?? 0);
  if (yaw >= 40) parts.push('head turned in profile');
  else if (yaw >= 22) parts.push('head turned in a three-quarter view');
  else if (yaw >= 12) parts.push('head turned slightly, looking at the camera');
  else parts.push('facing the camera');
  const pitch = face.pitch ?? 0;
  if (pitch >= 20) parts.push('chin lowered');
  else if (pitch <= -15) parts.push('chin raised');
  return parts.join(', ');
}

type TShot = { shot: string; groupShot: string; camera: string };

const SHOTS: Record<string, TShot> = {
  'close-up': {
    shot: 'close-up portrait',
    groupShot: 'close-up group portrait',
    camera: '85mm lens, shallow depth of field, sharp focus on the eyes',
  },
  'head and shoulders': {
    shot: 'head-and-shoulders portrait',
    groupShot: 'head-and-shoulders group portrait',
    camera: '85mm lens, f/1.8, shallow depth of field, creamy bokeh',
  },
  'half-body': {
    shot: 'half-body shot',
    groupShot: 'half-body group shot',
    camera: '50mm lens, shallow depth of field',
  },
  'full-body': {
    shot: 'full-body shot',
    groupShot: 'full-body group shot',
    camera: '35mm lens, full figure in frame, balanced composition',
  },
  wide: {
    shot: 'wide shot',
    groupShot: 'wide group shot',
    camera: '24mm lens, deep depth of field, rich environmental detail',
  },
};

export function shotFor(framing: string): TShot {
  return SHOTS[framing] ?? (SHOTS.wide as TShot);
}

/** Framing in camera words: 'close-up portrait', 'half-body group shot', 'wide shot'. */
export function framingPhrase(analysis: TImageAnalysis, faces: TFace[]): string {
  const shot = shotFor(analysis.framing);
  if (faces.length === 0) return analysis.framing === 'wide' ? 'wide shot' : shot.shot;
  return faces.length > 1 ? shot.groupShot : shot.shot;
}

/** Photographic quality tags that suit Flux, varied by how close the shot is. */
export function qualityTags(analysis: TImageAnalysis, faces: TFace[], withCamera: boolean): string {
  const tags = ['photorealistic'];
  if (faces.length > 0) {
    tags.push(
      analysis.framing === 'close-up' || analysis.framing === 'head and shoulders'
        ? 'natural skin texture, fine detail in the eyes and hair'
        : 'natural skin texture',
    );
  } else {
    tags.push('true-to-life textures');
  }
  if (withCamera) tags.push(shotFor(analysis.framing).camera);
  tags.push('high detail');
  return tags.join(', ');
}

/** The colour palette in words: 'colour palette of warm beige, deep navy and soft pink'. */
export function palettePhrase(palette: string[]): string {
  const colours = palette.slice(0, 4);
  if (colours.length === 0) return '';
  if (colours.length === 1) return `${colours[0]} colour palette`;
  return `colour palette of ${colours.slice(0, -1).join(', ')} and ${colours.at(-1)}`;
}

const RATIOS: [string, number][] = [
  ['1:1', 1],
  ['4:5', 4 / 5],
  ['3:4', 3 / 4],
  ['2:3', 2 / 3],
  ['9:16', 9 / 16],
  ['5:4', 5 / 4],
  ['4:3', 4 / 3],
  ['3:2', 3 / 2],
  ['16:9', 16 / 9],
];

/** 'vertical 3:4 frame', 'horizontal 16:9 frame', 'square 1:1 frame'. */
export function orientationPhrase(analysis: TImageAnalysis): string {
  if (analysis.orientation === 'square') return 'square 1:1 frame';
  const ratio = analysis.width / analysis.height;
  const portrait = analysis.orientation === 'portrait';
  const candidates = RATIOS.filter(([, r]) => (portrait ? r < 1 : r > 1));
  const [name] = candidates.reduce((best, candidate) =>
    Math.abs(Math.log(candidate[1] / ratio)) < Math.abs(Math.log(best[1] / ratio))
      ? candidate
      : best,
  );
  return `${portrait ? 'vertical' : 'horizontal'} ${name} frame`;
}

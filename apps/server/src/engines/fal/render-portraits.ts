import type { TFalConnection } from './client';

export type TPersonaAttributes = {
  name: string;
  age: number;
  hair: string;
  body: string;
  ethnicity: string;
  about: string | null;
};

/** What changes between a persona's five portraits; everything else stays the same. */
export const PORTRAIT_VARIATIONS = [
  'head and shoulders, soft smile, cream knit sweater, bright cafe by a window',
  'half body, laughing, denim jacket, city street at golden hour',
  'close-up, calm expression, white linen shirt, plain studio backdrop with soft light',
  'three-quarter view, sunglasses pushed up in her hair, black blazer, rooftop at dusk',
  'seated, relaxed, oversized hoodie, cosy living room with plants',
] as const;

/** A seed from the name, so a persona is rendered as the same person on every run. */
export function personaSeed(name: string): number {
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash % 2_147_483_647;
}

/** The description every portrait of the persona shares. */
export function personaDescription(persona: TPersonaAttributes): string {
  const traits = [
    persona.age > 0 ? `${persona.age}-year-old` : '',
    persona.ethnicity !== 'n/a' ? persona.ethnicity : '',
    'woman',
  ]
    .filter(Boolean)
    .join(' ');
  const looks = [
    persona.hair !== 'n/a' ? `${persona.hair.toLowerCase()} hair` : '',
    persona.body !== 'n/a' ? `${persona.body.toLowerCase()} build` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `Photorealistic portrait photograph of ${persona.name}, a ${traits}${looks ? ` with ${looks}` : ''}, natural skin texture, 85mm lens, sharp focus on the eyes`;
}

type TImageOutput = {
  images?: { url?: string }[];
  has_nsfw_concepts?: boolean[];
};

/**
 * Renders a marketplace persona's five portraits as photographs on fal: one description and
 * one seed for all five, so they show one person; only pose, outfit and setting change.
 */
export async function renderPersonaPortraits(
  connection: TFalConnection,
  persona: TPersonaAttributes,
  options: { endpoint?: 'fal-ai/flux/dev'; seed?: number; pollIntervalMs?: number } = {},
): Promise<Buffer[]> {
  const endpoint = options.endpoint ?? 'fal-ai/flux/dev';
  const seed = options.seed ?? personaSeed(persona.name);
  const description = personaDescription(persona);
  const portraits: Buffer[] = [];
  for (const variation of PORTRAIT_VARIATIONS) {
    const result = await connection.client.subscribe(endpoint, {
      input: {
        prompt: `${description}, ${variation}`,
        image_size: 'portrait_4_3',
        num_images: 1,
        seed,
        enable_safety_checker: true,
        output_format: 'jpeg',
      },
      pollInterval: options.pollIntervalMs ?? 1000,
    });
    const output: TImageOutput = result.data;
    if (output.has_nsfw_concepts?.[0])
      throw new Error(`A portrait of ${persona.name} was flagged as unsafe`);
    const url = output.images?.[0]?.url;
    if (!url) throw new Error(`fal returned no portrait of ${persona.name}`);
    portraits.push(await connection.fetchFile(url));
  }
  return portraits;
}

import type { TGeneratedPersona, TInfluencerNiche } from '@muse/shared';
import { INFLUENCER_NICHE_LABELS } from '@muse/shared';
import { PERSONA_MATERIAL } from './persona-material';

/**
 * Writes an influencer's personality, target audience and description for a niche. The local
 * writer combines curated material; a language-model provider implements the same interface.
 */
export type TPersonaWriter = {
  write: (niche: TInfluencerNiche) => Promise<TGeneratedPersona>;
};

type TRandom = () => number;

function pick<T>(items: readonly T[], random: TRandom): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** `count` different items, in random order. */
function pickSeveral<T>(items: readonly T[], count: number, random: TRandom): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length) {
    chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as T);
  }
  return chosen;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function createLocalPersonaWriter(random: TRandom = Math.random): TPersonaWriter {
  return {
    async write(niche) {
      const material = PERSONA_MATERIAL[niche];
      const [first, second, third] = pickSeveral(material.traits, 3, random);
      const [topicA, topicB] = pickSeveral(material.topics, 2, random);
      const label = INFLUENCER_NICHE_LABELS[niche].toLowerCase();
      return {
        personality: `${capitalise(first ?? '')}, ${second} and ${third}: talks to followers like friends and never takes ${label} too seriously.`,
        target_audience: pick(material.audiences, random),
        description: `A ${label} creator who ${pick(material.angles, random)}. Posts about ${topicA} and ${topicB}.`,
      };
    },
  };
}

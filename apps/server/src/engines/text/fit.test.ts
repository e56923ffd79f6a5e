import { CAPTION_DRAFT_RULES, PLATFORM_RULES } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { CaptionTooLong, fitCaption, hashtagWord, joinCaption, withoutTriggerWord } from './fit';
import { createLocalTextEngine } from './local';

describe('fitting a written caption to its platform', () => {
  it('makes hashtags plain words, once each, as many as the platform asks for', () => {
    expect(hashtagWord('#Gym Day!')).toBe('gymday');
    const fitted = fitCaption({
      target: 'x',
      caption: 'Rain again.',
      hashtags: ['#Rain', 'rain', 'ootd', 'city'],
    });
    expect(fitted).toEqual({
      target: 'x',
      caption: 'Rain again.',
      hashtags: ['rain', 'ootd'],
      text: 'Rain again.\n\n#rain #ootd',
    });
    expect(fitCaption({ target: 'page', caption: 'Hi', hashtags: ['ootd'] }).hashtags).toEqual([]);
  });

  it('drops hashtags from the end to fit, and refuses words that cannot', () => {
    const words = 'a'.repeat(PLATFORM_RULES.x.caption.maxLength - 8);
    const fitted = fitCaption({ target: 'x', caption: words, hashtags: ['one', 'two'] });
    expect(fitted.text).toBe(joinCaption(words, ['one']));
    expect([...fitted.text].length).toBeLessThanOrEqual(PLATFORM_RULES.x.caption.maxLength);
    expect(() => fitCaption({ target: 'x', caption: `${words}abcdefghi`, hashtags: [] })).toThrow(
      CaptionTooLong,
    );
    // Room kept for what the post adds.
    expect(() => fitCaption({ target: 'x', caption: words, hashtags: [] }, 200)).toThrow(
      CaptionTooLong,
    );
  });

  it('counts an emoji as one character, as the platforms do', () => {
    const words = `${'a'.repeat(PLATFORM_RULES.x.caption.maxLength - 1)}🌧️`;
    expect([...words].length).toBe(PLATFORM_RULES.x.caption.maxLength + 1);
    expect(() => fitCaption({ target: 'x', caption: words, hashtags: [] })).toThrow(CaptionTooLong);
  });

  it('takes the persona’s trigger word out, whatever its case', () => {
    expect(withoutTriggerWord('MSK7TZ4 woman on a street, msk7tz4 at dusk', 'msk7tz4')).toBe(
      'woman on a street, at dusk',
    );
    expect(withoutTriggerWord('a street', null)).toBe('a street');
  });
});

describe('the offline text engine', () => {
  const persona = {
    name: 'Mara',
    niche: 'fitness',
    personality: 'Upbeat and honest: trains every morning',
    targetAudience: '',
    description: '',
    profile: null,
  };

  it('writes within each slot, its niche’s hashtags, and follows a voice profile', async () => {
    const engine = createLocalTextEngine();
    const slots = (['page', 'instagram', 'x'] as const).map((target) => ({
      target,
      maxLength: CAPTION_DRAFT_RULES[target].maxLength,
      hashtags: CAPTION_DRAFT_RULES[target].hashtags,
    }));
    const media = [
      {
        kind: 'image' as const,
        description: 'A woman, half-body',
        prompt: '',
        durationSeconds: null,
      },
    ];
    const written = await engine.captions({ persona, media, slots, words: 'first 5k run' });
    for (const caption of written) expect(() => fitCaption(caption)).not.toThrow();
    expect(written[0]!.caption).toContain('first 5k run');
    expect(written[1]!.hashtags).toContain('fitness');
    const quiet = await engine.captions({
      persona: {
        ...persona,
        profile: {
          tone: 'calm',
          uses: ['slow and steady'],
          avoids: ['fitness'],
          emoji: 'none',
          language: 'en',
        },
      },
      media,
      slots,
      words: 'first 5k run',
    });
    expect(quiet[1]!.caption.toLowerCase()).toContain('slow and steady');
    expect(quiet[1]!.caption).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(quiet[1]!.hashtags).not.toContain('fitness');
  });

  it('improves a prompt within its field, keeping the creator’s words first', async () => {
    const prompt = await createLocalTextEngine().prompt({
      tool: 'generate-video',
      words: 'slow push-in',
      persona: null,
      maxLength: 60,
    });
    expect(prompt.startsWith('slow push-in, ')).toBe(true);
    expect([...prompt].length).toBeLessThanOrEqual(60);
  });
});

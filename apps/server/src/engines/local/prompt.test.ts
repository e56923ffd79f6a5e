import { beforeAll, describe, expect, it } from 'vitest';
import type { TFace, TImageAnalysis } from '../types';
import { createLocalImageAnalyser, warmUpLocalAnalyser } from './analyse';
import { PORTRAIT_CROPS, cropPhoto, readPhoto } from './analyse-fixtures';
import { createLocalPromptEngine, writePrompt } from './prompt';
import { subjectPhrase } from './prompt-phrases';

const SLOW = 60_000;
const engine = createLocalPromptEngine(createLocalImageAnalyser());

function context() {
  const stages: string[] = [];
  return { stages, onProgress: (_percent: number, stage: string) => void stages.push(stage) };
}

const face = (overrides: Partial<TFace> = {}): TFace => ({
  box: { x: 300, y: 200, width: 200, height: 220 },
  score: 0.98,
  age: 25,
  gender: 'female',
  expression: 'happy',
  yaw: 3,
  pitch: 2,
  ...overrides,
});

const portrait: TImageAnalysis = {
  width: 800,
  height: 1000,
  faces: [face()],
  subject: { x: 120, y: 70, width: 560, height: 660 },
  framing: 'head and shoulders',
  palette: ['warm beige', 'deep navy', 'soft pink'],
  lighting: 'bright, soft daylight',
  orientation: 'portrait',
};

describe('local prompt engine', () => {
  beforeAll(async () => {
    await warmUpLocalAnalyser();
  }, SLOW);

  it(
    'writes a portrait prompt that names the framing and the woman',
    { timeout: SLOW },
    async () => {
      const progress = context();
      const input = await cropPhoto(PORTRAIT_CROPS.headAndShoulders);
      const result = await engine.run(input, { customPrompt: '' }, progress);
      expect(result.analysis.faces).toHaveLength(1);
      expect(result.prompt).toMatch(/\bwoman\b/);
      expect(result.prompt).toMatch(/close-up portrait|head-and-shoulders portrait/);
      expect(result.prompt).toContain('photorealistic');
      expect(result.prompt).toContain(result.analysis.lighting);
      expect(result.prompt).toMatch(/^A /);
      expect(progress.stages).toContain('Writing the prompt');
      // The same image gives the same prompt.
      const again = await engine.run(input, { customPrompt: '' }, context());
      expect(again.prompt).toBe(result.prompt);
    },
  );

  it('puts the creator’s text first', { timeout: SLOW }, async () => {
    const input = await cropPhoto(PORTRAIT_CROPS.closeUp);
    const custom = 'Audrey on a rooftop terrace in Lisbon';
    const result = await engine.run(input, { customPrompt: `  ${custom}. ` }, context());
    expect(result.prompt.startsWith(`${custom}, `)).toBe(true);
    expect(result.prompt).toMatch(/\bwoman\b/);
    expect(result.prompt).toMatch(/close-up portrait|head-and-shoulders portrait/);
  });

  it('describes the group photo as a group', { timeout: SLOW }, async () => {
    const result = await engine.run(
      await readPhoto('group-2.jpg'),
      { customPrompt: '' },
      context(),
    );
    expect(result.prompt).toMatch(/^A group of (three|four) (young )?women/);
    expect(result.prompt).toMatch(/group shot/);
    expect(result.prompt).toContain('horizontal');
  });
});

describe('writePrompt', () => {
  it('covers subject, expression, pose, framing, light, palette, frame and quality', () => {
    const prompt = writePrompt(portrait);
    expect(prompt).toBe(
      'A young woman in her mid-twenties, smiling warmly, facing the camera, ' +
        'head-and-shoulders portrait, bright, soft daylight, ' +
        'colour palette of warm beige, deep navy and soft pink, vertical 4:5 frame, ' +
        'photorealistic, natural skin texture, fine detail in the eyes and hair, ' +
        '85mm lens, f/1.8, shallow depth of field, creamy bokeh, high detail',
    );
  });

  it('varies the camera words with the framing', () => {
    expect(writePrompt({ ...portrait, framing: 'close-up' })).toContain('close-up portrait');
    expect(writePrompt({ ...portrait, framing: 'half-body' })).toContain('half-body shot, ');
    expect(writePrompt({ ...portrait, framing: 'half-body' })).toContain('50mm lens');
    expect(writePrompt({ ...portrait, framing: 'full-body' })).toContain('35mm lens');
    expect(writePrompt({ ...portrait, framing: 'wide' })).toContain('24mm lens');
  });

  it('never contradicts the creator’s text', () => {
    const prompt = writePrompt(
      portrait,
      'a man in a black leather jacket at night, neon lighting, 35mm film',
    );
    expect(prompt.startsWith('a man in a black leather jacket at night, neon lighting')).toBe(true);
    expect(prompt).not.toMatch(/\bwoman\b|\bher\b/);
    expect(prompt).not.toContain('daylight');
    expect(prompt).not.toContain('palette');
    expect(prompt).not.toContain('85mm');
    expect(prompt).toContain('head-and-shoulders portrait');

    const anime = writePrompt(portrait, 'anime illustration of a woman');
    expect(anime).not.toContain('photorealistic');
    expect(anime).not.toContain('skin texture');
  });

  it('keeps a single subject single when the text says so', () => {
    const group = {
      ...portrait,
      faces: [face(), face({ box: { x: 10, y: 200, width: 190, height: 210 } })],
    };
    expect(writePrompt(group)).toMatch(/^Two young women/);
    const single = writePrompt(group, 'a woman laughing');
    expect(single).not.toMatch(/group|together|two/i);
  });

  it('names subjects from age, gender and count', () => {
    expect(subjectPhrase([])).toBe('a scene');
    expect(subjectPhrase([face({ age: 34, gender: 'male' })])).toBe('a man in his mid-thirties');
    expect(subjectPhrase([face({ age: 58 })])).toBe('a mature woman in her late fifties');
    expect(subjectPhrase([face({ gender: undefined })])).toBe(
      'a young person in their mid-twenties',
    );
    expect(subjectPhrase([face(), face(), face()])).toBe('a group of three young women');
    expect(subjectPhrase([face(), face({ gender: 'male' })])).toBe('a couple');
  });

  it('writes a scene prompt without faces', () => {
    const scene = writePrompt({
      ...portrait,
      faces: [],
      framing: 'wide',
      orientation: 'landscape',
      width: 1600,
      height: 900,
    });
    expect(scene).toMatch(/^A scene, wide shot, /);
    expect(scene).toContain('horizontal 16:9 frame');
    expect(scene).not.toContain('skin');
  });
});

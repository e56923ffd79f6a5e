import { describe, expect, it } from 'vitest';
import {
  FIELD_KIT,
  JOB_TOOLS,
  toolRecord,
  UPSCALE_MODELS,
  UPSCALE_TOOL,
  ZJobRequest,
} from './tools';

describe('a job request', () => {
  it('reads the multipart strings of each tool, with defaults', () => {
    expect(ZJobRequest.parse({ tool: 'upscale', overlappingTiles: 'true' })).toEqual({
      tool: 'upscale',
      model: 'v2',
      overlappingTiles: true,
    });
    expect(ZJobRequest.parse({ tool: 'edit-image', safetyTolerance: '3', prompt: ' x ' })).toEqual({
      tool: 'edit-image',
      aspectRatio: 'match',
      format: 'jpg',
      safetyTolerance: 3,
      prompt: 'x',
    });
    expect(ZJobRequest.parse({ tool: 'generate-prompt' })).toEqual({
      tool: 'generate-prompt',
      customPrompt: '',
    });
  });

  it('reads back what it stored', () => {
    const stored = ZJobRequest.parse({ tool: 'edit-image', aspectRatio: '9:16', format: 'webp' });
    expect(ZJobRequest.parse(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    const upscale = ZJobRequest.parse({ tool: 'upscale', model: 'v1', overlappingTiles: false });
    expect(upscale).toEqual({ tool: 'upscale', model: 'v1', overlappingTiles: false });
  });

  it.each([
    [{ tool: 'resize' }, 'Unknown tool'],
    [{}, 'Unknown tool'],
    [{ tool: 'upscale', model: 'v3' }, 'Choose Version 2 (Improved) or Version 1'],
    [
      { tool: 'edit-image', safetyTolerance: '7' },
      'Safety tolerance must be a whole number from 1 to 6',
    ],
    [
      { tool: 'edit-image', safetyTolerance: '2.5' },
      'Safety tolerance must be a whole number from 1 to 6',
    ],
    [{ tool: 'edit-image', aspectRatio: '2:1' }, 'Choose an aspect ratio'],
    [{ tool: 'edit-image', format: 'gif' }, 'Choose JPG, PNG or WEBP'],
    [{ tool: 'generate-video', prompt: '' }, 'Describe the motion you want'],
    [{ tool: 'generate-video', prompt: 'pan', duration: '7' }, 'Choose 5 or 10 seconds'],
    [{ tool: 'generate-video', prompt: 'pan', aspectRatio: '4:5' }, 'Choose 9:16, 1:1 or 16:9'],
    [{ tool: 'face-swap' }, 'Choose one of your influencers'],
    [{ tool: 'product-shot', influencerId: 'x' }, 'Choose one of your products'],
  ])('refuses %j: %s', (fields, message) => {
    const parsed = ZJobRequest.safeParse(fields);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('offers the choices the pages list, in their order', () => {
    const upscale = UPSCALE_TOOL.request(FIELD_KIT);
    expect(upscale.shape.model.unwrap().options).toEqual(UPSCALE_MODELS.map((m) => m.value));
    // One per descriptor file, in the files' order.
    expect(JOB_TOOLS).toEqual([...JOB_TOOLS].sort());
    expect(JOB_TOOLS).toEqual(
      expect.arrayContaining([
        'edit-image',
        'face-swap',
        'generate-image',
        'generate-prompt',
        'generate-video',
        'product-shot',
        'upscale',
      ]),
    );
    expect(Object.keys(toolRecord(() => 0))).toEqual(JOB_TOOLS);
    expect(toolRecord((tool) => tool.length)).toMatchObject({
      upscale: 7,
      'edit-image': 10,
      'generate-image': 14,
      'generate-video': 14,
      'face-swap': 9,
      'product-shot': 12,
      'generate-prompt': 15,
    });
  });
});

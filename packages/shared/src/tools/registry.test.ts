import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as shared from '../index';
import { CREDIT_COSTS, DRAFT_FAQ_LINE } from '../plans';
import { PROTECTED_ROUTES } from '../routes';
import {
  engineVariable,
  GALLERY_TOOL_LABELS,
  HOSTED_TOOLS,
  JOB_TOOL_ACTIONS,
  JOB_TOOLS,
  PREVIEW_TOOLS,
  TOOL_LIST,
  TOOLS,
  toolsBy,
  ZJobRequest,
} from '../index';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The files here that are the descriptors' kit rather than a tool (scripts/tool-registry.mjs). */
const KIT_FILES = ['define.ts', 'fields.ts', 'choices.ts'];
const descriptorFiles = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && !/\.(test|gen)\.ts$/.test(name))
  .filter((name) => !KIT_FILES.includes(name));

describe('the tool registry', () => {
  it('lists each tool once, in the order of the job request schema', () => {
    expect(TOOL_LIST.map((tool) => tool.key)).toEqual(JOB_TOOLS);
    expect(new Set(JOB_TOOLS).size).toBe(JOB_TOOLS.length);
    expect(ZJobRequest.options.map((option) => option.shape.tool.value)).toEqual(JOB_TOOLS);
  });

  it('has one descriptor per file, named by its key, exported as `<KEY>_TOOL`', () => {
    expect(descriptorFiles.map((name) => name.slice(0, -'.ts'.length)).sort()).toEqual(
      [...JOB_TOOLS].sort(),
    );
    for (const tool of TOOL_LIST) {
      const name = `${tool.key.toUpperCase().replaceAll('-', '_')}_TOOL`;
      expect(shared[name as keyof typeof shared], name).toBe(tool);
      // The request's literal is the key, so a stored job is read back by its own tool.
      expect(tool.request(shared.FIELD_KIT).shape.tool.value).toBe(tool.key);
    }
  });

  it('keeps zod out of the descriptors, so a public page may read the registry', () => {
    for (const name of [...descriptorFiles, 'define.ts', 'choices.ts', '../tool-list.ts']) {
      const imports = readFileSync(path.join(here, name), 'utf8').match(/^import .+$/gm) ?? [];
      for (const line of imports) {
        if (line.startsWith('import type')) continue;
        expect(line, name).not.toMatch(/'zod'|'\.\/fields'|'\.\.\/api\/|'\.\.\/tools'/);
      }
    }
  });

  // The tools of today, as they were before the registry; a new tool adds to these lists.
  it('derives what each tool spends, its previews and its engines from the descriptors', () => {
    expect(JOB_TOOL_ACTIONS).toMatchObject({
      upscale: 'upscale',
      'edit-image': 'editImage',
      'generate-image': 'imageGeneration',
      'generate-video': 'videoGeneration',
      'face-swap': 'videoFaceSwap',
      'product-shot': 'productShot',
      'generate-prompt': 'promptGeneration',
    });
    for (const tool of TOOL_LIST) expect(tool.cost).toBe(CREDIT_COSTS[tool.action]);
    expect(PREVIEW_TOOLS).toEqual(JOB_TOOLS.filter((tool) => TOOLS[tool].preview));
    expect(PREVIEW_TOOLS).toEqual(
      expect.arrayContaining(['face-swap', 'generate-image', 'generate-video', 'product-shot']),
    );
    expect(PREVIEW_TOOLS).not.toContain('upscale');
    expect(HOSTED_TOOLS.map(engineVariable)).toEqual(
      expect.arrayContaining([
        'ENGINE_EDIT_IMAGE',
        'ENGINE_FACE_SWAP',
        'ENGINE_GENERATE_IMAGE',
        'ENGINE_GENERATE_VIDEO',
        'ENGINE_PRODUCT_SHOT',
      ]),
    );
    expect(HOSTED_TOOLS).not.toContain('upscale');
    expect(HOSTED_TOOLS).not.toContain('generate-prompt');
  });

  it('gives every credit action a line in the support page, and every tool a page', () => {
    const lines = [
      ...toolsBy('faq').map((tool) => [tool.faq.label, tool.action]),
      // A draft is no tool: its line follows theirs.
      [DRAFT_FAQ_LINE.label, DRAFT_FAQ_LINE.action],
    ];
    const today = [
      ['Generate an image (per image)', 'imageGeneration'],
      ['Generate a video', 'videoGeneration'],
      ['Video face swap', 'videoFaceSwap'],
      ['Upscale an image', 'upscale'],
      ['Edit an image', 'editImage'],
      ['Product shot', 'productShot'],
      ['Generate a prompt', 'promptGeneration'],
    ];
    const labels = today.map(([label]) => label);
    expect(lines.filter(([label]) => labels.includes(label!))).toEqual(today);
    expect(new Set(lines.map(([label]) => label)).size).toBe(lines.length);
    // The speech of a talking video is paid with it: its line says so.
    const ridesAlong = ['speech'];
    expect(new Set(lines.map(([, action]) => action))).toEqual(
      new Set(Object.keys(CREDIT_COSTS).filter((action) => !ridesAlong.includes(action))),
    );
    for (const tool of TOOL_LIST) expect(PROTECTED_ROUTES).toContain(tool.path);
  });

  it('names each tool as the credit history and the gallery did', () => {
    expect(GALLERY_TOOL_LABELS).toMatchObject({
      'generate-image': 'Generate',
      upscale: 'Upscale',
      'edit-image': 'Edit Image',
      'generate-video': 'Generate Video',
      'face-swap': 'Face Swap',
      'product-shot': 'Product Shot',
      'generate-prompt': 'Generate Prompt',
    });
    const today = ['/upscale', '/edit-image', '/generate-prompt'];
    const paths = toolsBy('continueFromGallery').map((tool) => tool.path);
    expect(paths.filter((path) => today.includes(path))).toEqual(today);
  });
});

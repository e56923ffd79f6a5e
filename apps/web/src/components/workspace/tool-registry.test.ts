import { toolsBy } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { SIDEBAR_SECTIONS } from '../layout/app-shell/sidebar-nav';
import { TOOL_CARDS } from './tool-cards';

describe("the web's tool lists, from the tool registry", () => {
  it('shows each tool in the sidebar as before, with the gallery second and View All last', () => {
    const tools = SIDEBAR_SECTIONS.find((section) => section.id === 'tools')!;
    expect(tools.links.map((link) => [link.label, link.to])).toEqual([
      ['Generate', '/generate'],
      ['Gallery', '/gallery'],
      ['Generate Video', '/generate-video'],
      ['Face Swap', '/face-swap'],
      ['Talking Video', '/talking-video'],
      ['Upscale', '/upscale'],
      ['Edit Image', '/edit-image'],
      ['Generate Prompt', '/generate-prompt'],
      ['View All', '/view-all'],
    ]);
    for (const tool of toolsBy('sidebar'))
      expect(tools.links.some((link) => link.to === tool.path)).toBe(true);
  });

  // The six of docs/product/workspace.md: Talking Video and face swap are reached from the sidebar.
  it('gives every tool with a card its card, with its cost', () => {
    expect(TOOL_CARDS.map((card) => [card.title, card.to, card.cost])).toEqual([
      ['Image Editor', '/edit-image', '10 credits per edit'],
      ['Image Generator', '/generate', '10 credits per image'],
      ['Upscaler', '/upscale', '10 credits per upscale'],
      ['Video Generator', '/generate-video', '100 credits per video'],
      ['Generate Product', '/products', '10 credits per shot'],
      ['Generate Prompt', '/generate-prompt', '2 credits per prompt'],
    ]);
  });
});

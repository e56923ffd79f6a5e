import { toolsBy } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { COST_LINES } from './cost-lines';

describe("the support page's table of costs", () => {
  it("lists every tool the registry puts there, with the registry's label, in its order", () => {
    expect(COST_LINES).toEqual(
      toolsBy('faq').map((tool) => ({ action: tool.action, label: tool.faq.label })),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE_MAJOR, unsupportedNode } from './runtime';

describe('the supported Node.js', () => {
  it('is the one the tests run on', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(
      SUPPORTED_NODE_MAJOR,
    );
    expect(unsupportedNode()).toBeUndefined();
  });

  it('accepts Node.js 24 and later', () => {
    expect(unsupportedNode('24.0.0')).toBeUndefined();
    expect(unsupportedNode('26.10.0')).toBeUndefined();
  });

  it('names an older Node.js and how to run Muse on the supported one', () => {
    expect(unsupportedNode('20.20.2')).toBe(
      'Node.js 20.20.2 is too old, Muse runs on Node.js 24 or newer: start it with npm (npm start, npm run worker, npm run serve), which uses the Node.js 24 that npm install put in node_modules, or install Node.js 24',
    );
    expect(unsupportedNode('22.13.0')).toContain('Node.js 22.13.0 is too old');
  });
});

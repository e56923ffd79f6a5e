import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineVariable, HOSTED_TOOLS, JOB_KINDS, JOB_TOOLS, TOOL_LIST } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { TOOL_ENGINES } from './engines';
import { SERVER_TOOLS } from './index';
import { LOCAL_ENGINES } from './local-engines';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Each folder's exports are named from its key: `editImage`, `editImageEngines`, … */
const camel = (key: string) =>
  key.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
const folders = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('the server registry of tools', () => {
  it('has a folder with its job code, engine glue and local engine for every tool of the shared registry', () => {
    expect(folders.sort()).toEqual([...JOB_KINDS].sort());
    expect(Object.keys(SERVER_TOOLS).sort()).toEqual([...JOB_KINDS].sort());
    for (const kind of JOB_KINDS) {
      expect(SERVER_TOOLS[kind].key).toBe(kind);
      expect(existsSync(path.join(here, kind, 'index.ts'))).toBe(true);
    }
    for (const tool of JOB_TOOLS) {
      expect(TOOL_ENGINES[tool]).toBeDefined();
      expect(LOCAL_ENGINES[tool]).toBeTypeOf('function');
      expect(existsSync(path.join(here, tool, 'engines.ts'))).toBe(true);
      expect(existsSync(path.join(here, tool, 'local-engine.ts'))).toBe(true);
    }
  });

  it("names each folder's exports from its key, as the generated lists import them", async () => {
    for (const kind of JOB_KINDS) {
      const job = (await import(`./${kind}/index.ts`)) as Record<string, unknown>;
      expect(job[camel(kind)], `${kind}/index.ts exports ${camel(kind)}`).toBe(SERVER_TOOLS[kind]);
    }
    for (const tool of JOB_TOOLS) {
      const engines = (await import(`./${tool}/engines.ts`)) as Record<string, unknown>;
      expect(engines[`${camel(tool)}Engines`], `${tool}/engines.ts`).toBe(TOOL_ENGINES[tool]);
      const local = (await import(`./${tool}/local-engine.ts`)) as Record<string, unknown>;
      expect(local[`${camel(tool)}LocalEngine`], `${tool}/local-engine.ts`).toBe(
        LOCAL_ENGINES[tool],
      );
    }
  });

  it('has a hosted engine exactly for the tools whose descriptor names fal', () => {
    for (const tool of JOB_TOOLS)
      expect(Boolean(TOOL_ENGINES[tool].fal)).toBe((HOSTED_TOOLS as string[]).includes(tool));
  });

  it('reads an engine variable for every tool, and asks for FAL_KEY for each hosted one', () => {
    const config = loadConfig({});
    for (const tool of TOOL_LIST) expect(config[engineVariable(tool.key)]).toBe('local');
    for (const tool of HOSTED_TOOLS) {
      const variable = engineVariable(tool);
      expect(() => loadConfig({ [variable]: 'fal' })).toThrow(
        `FAL_KEY must be set when ${variable}=fal`,
      );
      expect(loadConfig({ [variable]: 'fal', FAL_KEY: 'fal-key-123456' })[variable]).toBe('fal');
    }
    for (const tool of JOB_TOOLS.filter((key) => !(HOSTED_TOOLS as string[]).includes(key)))
      expect(() => loadConfig({ [engineVariable(tool)]: 'fal' })).toThrow('must be local');
  });
});

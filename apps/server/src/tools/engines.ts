/**
 * Every tool's engine glue (`<key>/engines.ts`, exporting `editImageEngines`), read by the engine
 * maps (engines/in-process.ts, engines/threaded-engines.ts, engines/index.ts). Kept apart from the
 * tools' job code so an engine thread loads engines only. Written from the folders by
 * scripts/tool-registry.mjs.
 */
export { TOOL_ENGINES } from './engines.gen';

/**
 * Every tool's local engine (`<key>/local-engine.ts`, exporting `editImageLocalEngine`), built in
 * the engine threads (engines/in-process.ts): the main process never loads them or their models'
 * code. Written from the folders by scripts/tool-registry.mjs.
 */
export { LOCAL_ENGINES } from './local-engines.gen';

/** The Node.js line Muse runs and is tested on: package.json's `engines`, docs/decisions/0047-node-24-from-npm.md. */
export const SUPPORTED_NODE_MAJOR = 24;

/** Why this Node.js cannot run Muse, in one sentence; undefined when it can. */
export function unsupportedNode(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (major >= SUPPORTED_NODE_MAJOR) return undefined;
  return (
    `Node.js ${version} is too old, Muse runs on Node.js ${SUPPORTED_NODE_MAJOR} or newer: ` +
    `start it with npm (npm start, npm run worker, npm run serve), which uses the Node.js ` +
    `${SUPPORTED_NODE_MAJOR} that npm install put in node_modules, or install Node.js ${SUPPORTED_NODE_MAJOR}`
  );
}

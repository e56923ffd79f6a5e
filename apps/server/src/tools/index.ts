/**
 * The server side of every AI tool, and of persona training, which runs as a job the same way
 * (docs/decisions/0014-tool-recipe.md): each folder here says how a request becomes jobs and how
 * a job runs and keeps its result. The job machinery (modules/jobs) reaches them through
 * `TJobDeps.tools`, built from this registry in services.ts. The list is written from the folders
 * (each `<key>/index.ts` exports the camel-case key: `editImage`) by scripts/tool-registry.mjs.
 */
export { SERVER_TOOLS } from './server-tools.gen';

// `npm run lint:boundaries`: fails, printing each broken import rule, when the code breaks one
// (decision 0048).
import { fileURLToPath } from 'node:url';
import { boundaryProblems, readGraph } from './boundaries.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const graph = await readGraph(root);
const problems = boundaryProblems(graph);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`\n${problems.length} import rule(s) broken (docs/decisions/0048-boundaries.md).`);
  process.exit(1);
}
console.log(`Import rules hold across ${Object.keys(graph).length} files.`);

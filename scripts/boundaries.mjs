// The import rules `npm run lint` holds the code to (decision 0048), checked on madge's graph
// of the files: no import cycle between files, none between server modules, and web features
// that do not import each other.
import { join } from 'node:path';
import madge from 'madge';

/** The folders whose files make the graph, relative to the repository. */
export const SOURCE_DIRS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

/**
 * Module-level cycles that exist today and are being taken apart; none may be added. Each entry
 * is one import from a module to another that closes a cycle. The check fails on any other
 * cycle between modules, and on an entry here that no longer closes one: delete it then.
 */
export const KNOWN_MODULE_CYCLE_IMPORTS = [];

/** The server module a file belongs to (`modules/<name>` or `tools/<name>`), if any. */
export function serverModuleOf(file) {
  const match = /^apps\/server\/src\/(modules|tools)\/([^/]+)\//.exec(file);
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/** The web feature a file belongs to (`features/<name>`), if any. */
export function webFeatureOf(file) {
  const match = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
  return match ? match[1] : undefined;
}

/** The web layers every feature builds on, which therefore import no feature. */
const WEB_SHARED = /^apps\/web\/src\/(components|lib|testing)\//;

/** Tests import what they test and its neighbours; they take no part in the module graph. */
const isTest = (file) => /\.test\.(ts|tsx|mjs)$/.test(file);

/** The file-level graph: each file (relative to `root`) and the files it imports. */
export async function readGraph(root, dirs = SOURCE_DIRS) {
  const result = await madge(
    dirs.map((dir) => join(root, dir)),
    {
      baseDir: root,
      fileExtensions: ['ts', 'tsx', 'mjs'],
      tsConfig: `${root}/tsconfig.base.json`,
    },
  );
  return result.obj();
}

/** The import cycles between files, each as its files in order. */
export function fileCycles(graph) {
  const cycles = [];
  const state = new Map(); // 1: on the current path, 2: done
  const path = [];
  const visit = (file) => {
    state.set(file, 1);
    path.push(file);
    for (const next of graph[file] ?? []) {
      if (state.get(next) === 1) cycles.push(path.slice(path.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 2);
  };
  for (const file of Object.keys(graph).sort()) if (!state.has(file)) visit(file);
  return cycles;
}

/** The imports between server modules: `from -> to` with one file import that makes it. */
export function moduleImports(graph) {
  const imports = new Map();
  for (const [file, deps] of Object.entries(graph)) {
    const from = serverModuleOf(file);
    if (!from || isTest(file)) continue;
    for (const dep of deps) {
      const to = serverModuleOf(dep);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      if (!imports.has(key)) imports.set(key, { from, to, file, dep });
    }
  }
  return imports;
}

/** Whether `target` can be reached from `start` along `edges`. */
function reaches(edges, start, target) {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === target) return true;
    for (const { to } of edges.filter((edge) => edge.from === node)) {
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return false;
}

/** The shortest way back from `start` to itself along `edges`, as the edges taken. */
function cycleThrough(edges, start) {
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const edge of edges.filter((e) => e.from === node)) {
      if (edge.to === start) {
        const cycle = [edge];
        for (let at = node; at !== start; at = cameFrom.get(at).from) {
          cycle.unshift(cameFrom.get(at));
        }
        return cycle;
      }
      if (!cameFrom.has(edge.to)) {
        cameFrom.set(edge.to, edge);
        queue.push(edge.to);
      }
    }
  }
  return undefined;
}

/**
 * The cycles between server modules, apart from the known imports: each as the module imports
 * that form it, one cycle per module it passes through first.
 */
export function moduleCycles(graph, known = KNOWN_MODULE_CYCLE_IMPORTS) {
  const edges = [...moduleImports(graph)].filter(([key]) => !known.includes(key)).map(([, e]) => e);
  const cycles = [];
  const covered = new Set();
  const modules = [...new Set(edges.map((edge) => edge.from))].sort();
  for (const module of modules) {
    if (covered.has(module)) continue;
    const cycle = cycleThrough(edges, module);
    if (!cycle) continue;
    for (const edge of cycle) covered.add(edge.from);
    cycles.push(cycle);
  }
  return cycles;
}

/** Known cycle imports that no longer exist or no longer close a cycle. */
export function staleKnownImports(graph, known = KNOWN_MODULE_CYCLE_IMPORTS) {
  const imports = moduleImports(graph);
  const edges = [...imports.values()];
  return known.filter((key) => {
    const edge = imports.get(key);
    return !edge || !reaches(edges, edge.to, edge.from);
  });
}

/** Imports from one web feature into another, or from the shared web layers into a feature. */
export function featureImports(graph) {
  const found = [];
  for (const [file, deps] of Object.entries(graph)) {
    const from = webFeatureOf(file);
    const shared = WEB_SHARED.test(file);
    if (!from && !shared) continue;
    for (const dep of deps) {
      const to = webFeatureOf(dep);
      if (to && to !== from) found.push({ file, dep });
    }
  }
  return found.sort((a, b) => a.file.localeCompare(b.file) || a.dep.localeCompare(b.dep));
}

/** Every broken rule, as lines to print; none when the code holds to them. */
export function boundaryProblems(graph, known = KNOWN_MODULE_CYCLE_IMPORTS) {
  const problems = [];
  for (const cycle of fileCycles(graph)) {
    problems.push(`Import cycle between files: ${[...cycle, cycle[0]].join(' -> ')}`);
  }
  for (const cycle of moduleCycles(graph, known)) {
    const steps = cycle.map(
      (edge) => `  ${edge.from} -> ${edge.to} (${edge.file} imports ${edge.dep})`,
    );
    problems.push(['Import cycle between server modules:', ...steps].join('\n'));
  }
  for (const key of staleKnownImports(graph, known)) {
    problems.push(
      `"${key}" no longer closes a cycle between modules: delete it from KNOWN_MODULE_CYCLE_IMPORTS in scripts/boundaries.mjs`,
    );
  }
  for (const { file, dep } of featureImports(graph)) {
    problems.push(
      `Web feature import: ${file} imports ${dep}; move what they share to components/, lib/ or a feature of its own`,
    );
  }
  return problems;
}

import type { FastifyInstance } from 'fastify';

const BRANCH = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/;

/** Every registered route as "METHOD /path", read from Fastify's route tree (HEAD left out). */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = BRANCH.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = path;
    const methods = match[3]?.split(', ').filter((method) => method !== 'HEAD') ?? [];
    for (const method of methods) routes.push(`${method} ${path}`);
  }
  return routes;
}

/** The routes of the API (under /api/), as "METHOD /path". */
export function apiRoutes(app: FastifyInstance): string[] {
  return registeredRoutes(app).filter((route) => route.split(' ')[1]!.startsWith('/api/'));
}

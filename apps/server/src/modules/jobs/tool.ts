/**
 * What a tool's server folder gives the job machinery (docs/decisions/0014-tool-recipe.md): how
 * a request becomes jobs (`plan`), and how one job runs and keeps its result (`execute`). The
 * registry (`apps/server/src/tools/index.ts`) lists every tool's, and reaches this module through
 * `TJobDeps.tools`, so the jobs module never imports a tool.
 */
import {
  JOB_TOOL_ACTIONS,
  ZJobRequest,
  type TJobKind,
  type TJobOptions,
  type TJobRequest,
  type TJobTool,
} from '@muse/shared';
import type { TDatabase, TQueryable } from '../../db/client';
import type { jobs, TJobFileRow } from '../../db/schema';
import type { TFaceAnalyser } from '../../engines/faces';
import type { TSafetyChecker } from '../../engines/safety';
import type { TTextEngine } from '../../engines/text/types';
import type { TTrainingEngine } from '../../engines/training';
import type { TEngines, TRunContext } from '../../engines/types';
import type { TContentCredentials } from '../../lib/content-credentials';
import type { TFileUrlSigner } from '../../lib/file-urls';
import type { TStorage } from '../../lib/storage';
import { badRequest } from '../../lib/errors';
import { checkAction, getAccountState } from '../billing/entitlements';
import { ToolNotAllowedError } from './errors';
import type { TJobUpload } from './inputs';
import type { TExecution } from './outputs';
import type { TProviderWakeups } from './provider-wakeups';

export type TJobRow = typeof jobs.$inferSelect;

/** What queuing and running jobs use: the process's services and the tools' registry. */
export type TJobDeps = {
  storage: TStorage;
  files: TFileUrlSigner;
  engines: TEngines;
  training: TTrainingEngine;
  /** The text engine of drafts (tools/write-text). */
  text: TTextEngine;
  faces: TFaceAnalyser;
  safety: TSafetyChecker;
  /** Signs the Content Credentials into every output a tool keeps (modules/jobs/outputs.ts). */
  credentials: TContentCredentials;
  /** Ends a hosted engine's wait when the provider's webhook arrives; without it, it polls. */
  wakeups?: Pick<TProviderWakeups, 'wait'>;
  /** How each tool (and persona training) is queued and run (apps/server/src/tools). */
  tools: TToolRegistry;
};

/** What a request to queue a tool carries: its fields (a form's, or a JSON body) and its files. */
export type TToolRequest = {
  fields: unknown;
  upload?: TJobUpload;
};

export type TEnqueueContext = { db: TDatabase; deps: TJobDeps; workspaceId: string };

/** One job of a plan: its options as stored, and its input file (stored with `data` when given). */
export type TPlannedJob = {
  options: TJobOptions | Record<string, unknown>;
  input: (TJobFileRow & { data?: Buffer }) | null;
  /**
   * More files the job reads beside its input (a talking video's audio), stored with it: `{job}`
   * in a key becomes the job's id. The job finds them by the same key.
   */
  files?: { key: string; data: Buffer }[];
};

/** The jobs a request asks for, paid for and queued together, or refused together. */
export type TJobPlan = {
  /** How many jobs: the account's room for that many is checked before `prepare`. */
  count: number;
  /**
   * The work that follows the room check and precedes anything stored: finding and checking
   * the inputs that are not checked yet, building each job.
   */
  prepare: () => Promise<{
    jobs: TPlannedJob[];
    /** What each job costs: credits (0 for a free preview) or a model token. */
    spend: { currency: 'credits' | 'model_tokens'; amount: number; description: string };
    /** The job row's `cost` in credits. */
    cost: number;
    engine: string;
    /** Run under the account's lock before anything is spent (a check that must hold then). */
    lock?: (tx: TQueryable) => Promise<void>;
    /** Written with each job, in its transaction. */
    afterInsert?: (tx: TQueryable, row: TJobRow) => Promise<void>;
  }>;
};

export type TExecuteContext = {
  db: TDatabase;
  deps: TJobDeps;
  run: TRunContext;
};

/** A tool (or persona training) as the job machinery runs it. */
export type TToolServer<K extends TJobKind = TJobKind> = {
  key: K;
  /** Set when the tool is queued by a route of its own: POST /api/jobs refuses it with this. */
  ownRoute?: string;
  plan: (context: TEnqueueContext, request: TToolRequest) => Promise<TJobPlan>;
  /** Runs one job on its stored input: the engine, the checks, and where its result is kept. */
  execute: (context: TExecuteContext, row: TJobRow, input: Buffer) => Promise<TExecution>;
};

export type TToolRegistry = { [K in TJobKind]: TToolServer<K> };

/** Parses a tool's fields (a form's, a JSON body's or a stored job's) with its request schema. */
export function parseToolRequest<T extends TJobTool>(
  tool: T,
  fields: unknown,
): Extract<TJobRequest, { tool: T }> {
  const parsed = ZJobRequest.safeParse({ ...(fields as object), tool });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid options');
  // The tool is the one given, so the parsed request is that tool's.
  return parsed.data as Extract<TJobRequest, { tool: T }>;
}

/** A stored job's options, parsed again, so a row written by an older version is checked. */
export function storedOptions<T extends TJobTool>(tool: T, row: TJobRow): TJobOptions<T> {
  const { tool: _tool, ...options } = ZJobRequest.parse({ ...row.options, tool }) as Extract<
    TJobRequest,
    { tool: T }
  >;
  return options as TJobOptions<T>;
}

/**
 * The credits each of `count` jobs of the tool costs: refused when the plan does not include the
 * tool; 0 when its engine makes offline previews.
 */
export async function admit(context: TEnqueueContext, tool: TJobTool, count = 1): Promise<number> {
  const account = await getAccountState(context.db, context.workspaceId);
  const allowed = checkAction(account, JOB_TOOL_ACTIONS[tool], count);
  if (!allowed.allowed && allowed.reason === 'plan') throw new ToolNotAllowedError();
  const engine = context.deps.engines[tool];
  return 'preview' in engine && engine.preview ? 0 : allowed.cost / count;
}

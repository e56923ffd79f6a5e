import {
  isFinished,
  MAX_UPLOAD_BYTES,
  PREVIEW_TOOLS,
  TALKING_AUDIO,
  VIDEO_UPLOAD,
  TOOL_TEXTS,
  toolRecord,
  ZEnginesResponse,
  ZGenerateResponse,
  ZJobResponse,
  ZJobsQuery,
  ZJobsResponse,
  type TJob,
} from '@muse/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tooManyRequests } from '../../lib/errors';
import { firstValues, readMultipartForm } from '../../lib/multipart';
import { ANY_JOB } from './events';
import { enqueue, enqueueUpload, findJob, listJobPage, toPublicJob } from './service';

const ZParams = z.object({ id: z.string() });

const KEEPALIVE_MS = 15_000;
/** Live job streams one account may hold open on one server (a page follows one or a few). */
export const MAX_STREAMS_PER_ACCOUNT = 10;

/** Opens a server-sent event stream on the raw response (the reply is no longer Fastify's). */
function openEventStream(request: FastifyRequest, reply: FastifyReply) {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  // Headers go out now, not with the first event: a client waits for them before reading.
  reply.raw.write(': connected\n\n');
  const keepAlive = setInterval(() => reply.raw.write(': keep-alive\n\n'), KEEPALIVE_MS);
  const cleanups: (() => void)[] = [() => clearInterval(keepAlive)];
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    for (const cleanup of cleanups) cleanup();
    reply.raw.end();
  };
  request.raw.on('close', close);
  return {
    send: (job: TJob) => {
      if (open) reply.raw.write(`event: job\nid: ${job.id}\ndata: ${JSON.stringify(job)}\n\n`);
    },
    onClose: (cleanup: () => void) => cleanups.push(cleanup),
    close,
  };
}

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const deps = app.services;
  const { files, engines } = deps;

  app.get('/jobs/engines', { schema: { response: { 200: ZEnginesResponse } } }, async () => ({
    success: true as const,
    engines: toolRecord((tool) => engines[tool].name),
    generativeEdits: engines['edit-image'].generative,
    previews: PREVIEW_TOOLS.filter((tool) => engines[tool].preview),
    text: { engine: deps.text.name, preview: deps.text.preview },
  }));

  app.post(
    '/generations',
    { config: { right: 'spend' }, schema: { response: { 201: ZGenerateResponse } } },
    async (request, reply) => {
      const rows = await enqueue(
        db,
        deps,
        request.workspace.id,
        'generate-image',
        { fields: request.body },
        { userId: request.auth.user.id },
      );
      return reply
        .status(201)
        .send({ success: true as const, jobs: rows.map((row) => toPublicJob(row, files)) });
    },
  );

  app.post(
    '/jobs',
    { config: { right: 'spend' }, schema: { response: { 201: ZJobResponse } } },
    async (request, reply) => {
      // A face swap's clip may be larger than an image (each field keeps its own limit); a
      // talking video may come with its picture and its audio.
      const form = await readMultipartForm(request, {
        fileFields: ['image', 'video', 'audio'],
        maxFiles: 2,
        maxBytes: {
          image: MAX_UPLOAD_BYTES,
          video: VIDEO_UPLOAD.maxBytes,
          audio: TALKING_AUDIO.maxBytes,
        },
      });
      // The `tool` field picks the tool; an unknown one is refused with the other bad options.
      const image = form.files.find((file) => file.field === 'image');
      const video = form.files.find((file) => file.field === 'video');
      const audio = form.files.find((file) => file.field === 'audio');
      const row = await enqueueUpload(
        db,
        deps,
        request.workspace.id,
        {
          image: image?.data ?? null,
          video: video?.data ?? null,
          audio: audio?.data ?? null,
          imageName: image?.fileName ?? null,
          videoName: video?.fileName ?? null,
          audioName: audio?.fileName ?? null,
          fields: firstValues(form),
        },
        { userId: request.auth.user.id },
      );
      return reply.status(201).send({ success: true as const, job: toPublicJob(row, files) });
    },
  );

  app.get(
    '/jobs',
    { schema: { querystring: ZJobsQuery, response: { 200: ZJobsResponse } } },
    async (request) => {
      const page = await listJobPage(db, request.workspace.id, request.query);
      return {
        success: true as const,
        jobs: page.rows.map((row) => toPublicJob(row, files)),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.get(
    '/jobs/:id',
    { schema: { params: ZParams, response: { 200: ZJobResponse } } },
    async (request) => ({
      success: true as const,
      job: toPublicJob(await findJob(db, request.workspace.id, request.params.id), files),
    }),
  );

  // Streams open per account on this server: each holds a connection and a listener.
  const openStreams = new Map<string, number>();

  // One job, live: its state now, then every change, and the stream ends when it is finished.
  app.get('/jobs/:id/events', { schema: { params: ZParams } }, async (request, reply) => {
    const workspaceId = request.workspace.id;
    const first = await findJob(db, workspaceId, request.params.id);
    const open = openStreams.get(workspaceId) ?? 0;
    if (open >= MAX_STREAMS_PER_ACCOUNT)
      throw tooManyRequests(TOOL_TEXTS.tooManyStreams, 'TOO_MANY_STREAMS');
    openStreams.set(workspaceId, open + 1);
    const stream = openEventStream(request, reply);
    stream.onClose(() => {
      const now = (openStreams.get(workspaceId) ?? 1) - 1;
      if (now > 0) openStreams.set(workspaceId, now);
      else openStreams.delete(workspaceId);
    });
    let last = '';
    const push = async () => {
      const row = await findJob(db, workspaceId, first.id);
      const job = toPublicJob(row, files);
      const state = `${job.status}:${job.progress}:${job.stage}`;
      if (state !== last) {
        last = state;
        stream.send(job);
      }
      if (isFinished(job.status)) stream.close();
    };
    // One read at a time, in order, so an older state is never sent after a newer one.
    let chain = Promise.resolve();
    const schedule = () => {
      chain = chain.then(push).catch(() => stream.close());
      return chain;
    };
    // Subscribe before the first read, so no change between the two is missed.
    stream.onClose(
      app.jobEvents.subscribe(workspaceId, (change) => {
        if (change.id === first.id || change.id === ANY_JOB) void schedule();
      }),
    );
    await schedule();
  });
};

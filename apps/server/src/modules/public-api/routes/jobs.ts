import {
  ZGenerateRequest,
  ZGenerateResponse,
  ZJobResponse,
  ZJobsQuery,
  ZJobsResponse,
  MAX_UPLOAD_BYTES,
  TALKING_AUDIO,
  VIDEO_UPLOAD,
  JOB_TOOLS,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firstValues } from '../../../lib/multipart';
import { fetchInput } from '../../webhooks/fetch-input';
import {
  cancelJob,
  enqueue,
  enqueueUpload,
  findJob,
  listJobPage,
  toPublicJob,
} from '../../jobs/service';

const ZParams = z.object({ id: z.string() });
const run = { scope: 'tools:run' } as const;
const tags = ['Jobs'];

/** What a tool's form carries beside its file, for the document (each tool checks its own). */
const ZJobForm = z.object({
  tool: z.enum(JOB_TOOLS).describe('The tool to run'),
  galleryId: z
    .string()
    .optional()
    .describe('A gallery item to work on, instead of an uploaded file'),
  imageUrl: z
    .string()
    .optional()
    .describe('The https address of an image Muse fetches (at most 10 MB), instead of `image`'),
  videoUrl: z
    .string()
    .optional()
    .describe('The https address of a clip Muse fetches, instead of `video` (face swap)'),
  options: z
    .string()
    .optional()
    .describe(
      'Each of the tool’s options is a field of its own (for example `model`, `aspectRatio`); see the tools guide',
    ),
});

/** Every AI tool as a job: start, read, list, cancel. */
export const v1JobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const deps = app.services;
  const { files } = deps;

  app.post(
    '/generations',
    {
      config: run,
      schema: {
        operationId: 'generateImages',
        summary: 'Generate images of an influencer',
        description:
          'One job per image, all paid for (or refused) together. Each job’s result is in the gallery when it succeeds; `job.succeeded` is sent for each.',
        tags,
        body: ZGenerateRequest,
        response: { 201: ZGenerateResponse },
      },
    },
    async (request, reply) => {
      const rows = await enqueue(
        db,
        deps,
        request.caller.workspaceId,
        'generate-image',
        { fields: request.body },
        { userId: request.caller.userId, apiKeyId: request.caller.apiKey?.id ?? null },
      );
      return reply
        .status(201)
        .send({ success: true as const, jobs: rows.map((row) => toPublicJob(row, files)) });
    },
  );

  app.post(
    '/jobs',
    {
      config: {
        ...run,
        multipart: {
          // A talking video may come with its picture and its own audio.
          fileFields: ['image', 'video', 'audio'],
          maxFiles: 2,
          maxBytes: {
            image: MAX_UPLOAD_BYTES,
            video: VIDEO_UPLOAD.maxBytes,
            audio: TALKING_AUDIO.maxBytes,
          },
          fields: ZJobForm,
        },
      },
      schema: {
        operationId: 'createJob',
        summary: 'Run a tool',
        description:
          'Upscale, Edit Image, Generate Prompt, Generate Video, face swap, a product shot or a talking video: the `tool` field names it, the other fields are its options, and its input is an uploaded `image` (or `video`), a `galleryId`, or an `imageUrl` (`videoUrl`) that Muse fetches. A talking video speaks its `script`, or an uploaded `audio` file instead.',
        tags,
        response: { 201: ZJobResponse },
      },
    },
    async (request, reply) => {
      const form = request.form!;
      const fields = firstValues(form);
      const production = app.config.isProduction;
      // A file given by its address is fetched first, then checked as an upload is.
      const image =
        form.files.find((file) => file.field === 'image') ??
        (fields.imageUrl
          ? await fetchInput(fields.imageUrl, {
              production,
              maxBytes: MAX_UPLOAD_BYTES,
              field: 'imageUrl',
            })
          : undefined);
      const video =
        form.files.find((file) => file.field === 'video') ??
        (fields.videoUrl
          ? await fetchInput(fields.videoUrl, {
              production,
              maxBytes: VIDEO_UPLOAD.maxBytes,
              field: 'videoUrl',
            })
          : undefined);
      const audio = form.files.find((file) => file.field === 'audio');
      const row = await enqueueUpload(
        db,
        deps,
        request.caller.workspaceId,
        {
          image: image?.data ?? null,
          video: video?.data ?? null,
          audio: audio?.data ?? null,
          imageName: image?.fileName ?? null,
          videoName: video?.fileName ?? null,
          audioName: audio?.fileName ?? null,
          fields,
        },
        { userId: request.caller.userId, apiKeyId: request.caller.apiKey?.id ?? null },
      );
      return reply.status(201).send({ success: true as const, job: toPublicJob(row, files) });
    },
  );

  app.get(
    '/jobs',
    {
      config: run,
      schema: {
        operationId: 'listJobs',
        summary: 'List jobs',
        tags,
        querystring: ZJobsQuery,
        response: { 200: ZJobsResponse },
      },
    },
    async (request) => {
      const page = await listJobPage(db, request.caller.workspaceId, request.query);
      return {
        success: true as const,
        jobs: page.rows.map((row) => toPublicJob(row, files)),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.get(
    '/jobs/:id',
    {
      config: run,
      schema: {
        operationId: 'getJob',
        summary: 'Get a job',
        description: 'Its status, progress and, once it succeeded, its outputs.',
        tags,
        params: ZParams,
        response: { 200: ZJobResponse },
      },
    },
    async (request) => ({
      success: true as const,
      job: toPublicJob(await findJob(db, request.caller.workspaceId, request.params.id), files),
    }),
  );

  app.post(
    '/jobs/:id/cancel',
    {
      config: run,
      schema: {
        operationId: 'cancelJob',
        summary: 'Cancel a job',
        description:
          'A job that has not finished is failed as cancelled and its credits refunded; a finished one answers 409 JOB_FINISHED.',
        tags,
        params: ZParams,
        response: { 200: ZJobResponse },
      },
    },
    async (request) => ({
      success: true as const,
      job: toPublicJob(
        await cancelJob(db, request.caller.workspaceId, request.params.id, files),
        files,
      ),
    }),
  );
};

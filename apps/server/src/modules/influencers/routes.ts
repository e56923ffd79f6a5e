import {
  ZInfluencerFields,
  ZInfluencerResponse,
  ZInfluencersQuery,
  ZInfluencersResponse,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseFormFields } from '../../lib/forms';
import { processUploadedImage } from '../../lib/images';
import { field, readMultipartForm } from '../../lib/multipart';
import {
  createInfluencer,
  deleteInfluencer,
  findInfluencer,
  influencerList,
  toPublicInfluencer,
  updateInfluencer,
} from './service';

const ZParams = z.object({ id: z.string() });
const ZSuccess = z.object({ success: z.literal(true) });

export const influencerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const deps = app.services;
  const { files } = deps;

  /** Reads the create/edit form: the text fields and an optional `image` file, re-encoded. */
  async function readInfluencerForm(request: Parameters<typeof readMultipartForm>[0]) {
    const form = await readMultipartForm(request, { fileFields: ['image'], maxFiles: 1 });
    const fields = parseFormFields(ZInfluencerFields, form);
    const upload = form.files[0];
    const image = upload ? await processUploadedImage(upload.data) : null;
    return { fields, image, removeImage: field(form, 'removeImage') === 'true' };
  }

  app.get(
    '/influencers',
    { schema: { querystring: ZInfluencersQuery, response: { 200: ZInfluencersResponse } } },
    async (request) => ({
      success: true as const,
      ...(await influencerList(db, files, request.workspace.id, request.query)),
    }),
  );

  app.get(
    '/influencers/:id',
    { schema: { params: ZParams, response: { 200: ZInfluencerResponse } } },
    async (request) => ({
      success: true as const,
      influencer: toPublicInfluencer(
        await findInfluencer(db, request.workspace.id, request.params.id),
        files,
      ),
    }),
  );

  app.post(
    '/influencers',
    { config: { right: 'edit' }, schema: { response: { 201: ZInfluencerResponse } } },
    async (request, reply) => {
      const { fields, image } = await readInfluencerForm(request);
      const row = await createInfluencer(db, deps, request.workspace.id, { ...fields, image });
      return reply
        .status(201)
        .send({ success: true as const, influencer: toPublicInfluencer(row, files) });
    },
  );

  app.put(
    '/influencers/:id',
    {
      config: { right: 'edit' },
      schema: { params: ZParams, response: { 200: ZInfluencerResponse } },
    },
    async (request) => {
      // The id is checked first, so another user's influencer answers 404 before any upload work.
      await findInfluencer(db, request.workspace.id, request.params.id);
      const { fields, image, removeImage } = await readInfluencerForm(request);
      const row = await updateInfluencer(db, deps, request.workspace.id, request.params.id, {
        ...fields,
        image,
        removeImage,
      });
      return { success: true as const, influencer: toPublicInfluencer(row, files) };
    },
  );

  app.delete(
    '/influencers/:id',
    { config: { right: 'edit' }, schema: { params: ZParams, response: { 200: ZSuccess } } },
    async (request) => {
      await deleteInfluencer(db, deps, request.workspace.id, request.params.id);
      return { success: true as const };
    },
  );
};

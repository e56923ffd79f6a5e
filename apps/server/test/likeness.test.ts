import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { LIKENESS_TEXTS, PHOTO_CHECKS, type TInfluencer, type TPersona } from '@muse/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likenessStatements } from '../src/db/schema';
import { getBalances } from '../src/modules/billing/ledger';
import { likenessScore } from '../src/modules/personas/checks';
import { startWorker } from '../src/modules/jobs/worker';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { finished, photo } from './creations';
import { makePng, multipartForm } from './images';

// Ten photos of one woman from two shots (01–05 from one, 06–10 from the other), another woman,
// a photo with no face and one with two (test/fixtures/photos/README.md).
const FIRST_SHOT = Array.from({ length: 5 }, (_, i) => `same-person-0${i + 1}.jpg`);
const ALL_TEN = Array.from(
  { length: 10 },
  (_, i) => `same-person-${String(i + 1).padStart(2, '0')}.jpg`,
);
/** A photo of the same woman from the other shot, kept out of the set: the creator's selfie. */
const MATCHING_SELFIE = 'same-person-08.jpg';

/** A small, complete PDF: what a scanned or signed consent form arrives as. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

let ctx: TTestContext;
let worker: { stop: () => Promise<void> };
let owner: TTestAccount;
let stranger: TTestAccount;

/** A creator on the Growth plan (five influencer slots); each group of tests has its own. */
async function creator(): Promise<TTestAccount> {
  const account = await registerAccount(ctx.app);
  await buyPlan(ctx.app, account, 'growth');
  return account;
}

beforeAll(async () => {
  ctx = await createTestApp();
  worker = await startWorker({
    db: ctx.database.db,
    pool: ctx.database.pool,
    deps: ctx.app.services,
    concurrency: 1,
    log: { info: () => {}, error: () => {} },
  });
  stranger = await registerAccount(ctx.app);
  await buyPlan(ctx.app, stranger, 'launch');
}, 60_000);
afterAll(async () => {
  await worker.stop();
});

async function createInfluencer(account = owner): Promise<string> {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/influencers',
    headers: account.headers,
    payload: multipartForm({ name: 'Mara', niche: 'fashion', description: 'Street style' }),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().influencer.id;
}

async function uploadAll(id: string, names: string[]) {
  for (const name of names) {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/influencers/${id}/photos`,
      headers: owner.headers,
      payload: multipartForm({}, [{ field: 'photo', name, type: 'image/jpeg', data: photo(name) }]),
    });
    expect(answer.statusCode, answer.body).toBe(201);
  }
}

function state(
  id: string,
  statement: string,
  document?: { name: string; type: string; data: Buffer },
  account = owner,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/influencers/${id}/likeness`,
    headers: account.headers,
    payload: multipartForm(
      { statement },
      document
        ? [{ field: 'document', name: document.name, type: document.type, data: document.data }]
        : [],
    ),
  });
}

function selfie(id: string, data: Buffer, account = owner) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/influencers/${id}/likeness/selfie`,
    headers: account.headers,
    payload: multipartForm({}, [{ field: 'selfie', name: 'selfie.jpg', type: 'image/jpeg', data }]),
  });
}

const getPersona = async (id: string, account = owner): Promise<TPersona> =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/influencers/${id}/persona`,
      headers: account.headers,
    })
  ).json().persona;

const getInfluencer = async (id: string): Promise<TInfluencer> =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/influencers/${id}`, headers: owner.headers })
  ).json().influencer;

const statements = (id: string) =>
  ctx.database.db
    .select()
    .from(likenessStatements)
    .where(eq(likenessStatements.influencerId, id))
    .orderBy(asc(likenessStatements.statedAt));

/** Every file Muse has stored, by its key. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(ctx.config.DATA_DIR, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

const train = (id: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/influencers/${id}/training`,
    headers: owner.headers,
  });

const SLOW = { timeout: 120_000 };

describe('‘These photos are of me’, verified with a selfie', () => {
  beforeAll(async () => {
    owner = await creator();
  });

  it(
    'a selfie of the same woman from another shot verifies it, and nothing of the selfie is kept',
    SLOW,
    async () => {
      const id = await createInfluencer();
      await uploadAll(id, FIRST_SHOT);
      const stated = await state(id, 'self');
      expect(stated.statusCode, stated.body).toBe(201);
      expect(stated.json().persona.likeness).toMatchObject({
        statement: 'self',
        verified: false,
        matchScore: null,
        document: null,
      });

      const before = await storedFiles();
      const answer = await selfie(id, photo(MATCHING_SELFIE));
      expect(answer.statusCode, answer.body).toBe(200);
      const { verified, matchScore, persona } = answer.json();
      expect(verified).toBe(true);
      // At or over the photo checks' same-person threshold, on the identity score's scale.
      expect(matchScore).toBeGreaterThanOrEqual(likenessScore(PHOTO_CHECKS.minSameness));
      expect(persona.likeness).toMatchObject({ statement: 'self', verified: true, matchScore });
      expect(await storedFiles()).toEqual(before);

      // The workspace shows it on the influencer (its card) and the persona alike.
      const influencer = await getInfluencer(id);
      expect(influencer.likeness).toMatchObject({ statement: 'self', verified: true, matchScore });
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/influencers',
        headers: owner.headers,
      });
      expect(
        list.json().influencers.find((one: TInfluencer) => one.id === id).likeness.verified,
      ).toBe(true);
      const dashboard = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/dashboard',
        headers: owner.headers,
      });
      expect(
        dashboard.json().dashboard.recentInfluencers.find((one: TInfluencer) => one.id === id)
          .likeness.verified,
      ).toBe(true);

      // What was stated, when, and the match are kept with the persona.
      const [row] = await statements(id);
      expect(row).toMatchObject({ statement: 'self', userId: owner.userId, matchScore });
      expect(row!.verifiedAt).toBeInstanceOf(Date);
      expect(row!.statedAt.toISOString()).toBe(persona.likeness.statedAt);
    },
  );

  it('a selfie of someone else does not verify it; the creator can try again', SLOW, async () => {
    const id = await createInfluencer();
    await uploadAll(id, FIRST_SHOT);
    await state(id, 'self');

    const other = await selfie(id, photo('other-person.jpg'));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().verified).toBe(false);
    expect(other.json().matchScore).toBeLessThan(likenessScore(PHOTO_CHECKS.minSameness));
    expect(other.json().persona.likeness).toMatchObject({
      statement: 'self',
      verified: false,
      verifiedAt: null,
      matchScore: other.json().matchScore,
    });
    expect((await getInfluencer(id)).likeness?.verified).toBe(false);

    const again = await selfie(id, photo(MATCHING_SELFIE));
    expect(again.json().verified).toBe(true);
    // A later selfie that does not match leaves the verification as it was.
    const worse = await selfie(id, photo('other-person.jpg'));
    expect(worse.json().verified).toBe(false);
    expect((await getPersona(id)).likeness).toMatchObject({
      verified: true,
      matchScore: again.json().matchScore,
    });
  });

  it(
    'refuses a selfie with no face or with two faces, and one for another statement',
    SLOW,
    async () => {
      const id = await createInfluencer();
      await uploadAll(id, FIRST_SHOT.slice(0, 2));
      await state(id, 'self');
      const none = await selfie(id, photo('no-face.jpg'));
      expect([none.statusCode, none.json()]).toEqual([
        400,
        { success: false, error: LIKENESS_TEXTS.selfieNoFace, code: 'SELFIE_NOT_ONE_FACE' },
      ]);
      const two = await selfie(id, photo('two-faces.jpg'));
      expect([two.statusCode, two.json()]).toEqual([
        400,
        {
          success: false,
          error: LIKENESS_TEXTS.selfieSeveralFaces(2),
          code: 'SELFIE_NOT_ONE_FACE',
        },
      ]);
      const notAPhoto = await selfie(id, Buffer.from('not a photo'));
      expect(notAPhoto.statusCode).toBe(400);
      expect((await statements(id))[0]).toMatchObject({ matchScore: null, verifiedAt: null });

      await state(id, 'synthetic');
      const synthetic = await selfie(id, photo(MATCHING_SELFIE));
      expect([synthetic.statusCode, synthetic.json().code]).toEqual([409, 'LIKENESS_NOT_SELF']);

      const empty = await createInfluencer();
      await state(empty, 'self');
      const nothing = await selfie(empty, photo(MATCHING_SELFIE));
      expect([nothing.statusCode, nothing.json().code]).toEqual([400, 'NO_PHOTOS_TO_MATCH']);
    },
  );
});

describe('training waits for a statement', () => {
  beforeAll(async () => {
    owner = await creator();
  });

  it(
    'is refused without one, or for consent without its document, and proceeds with one',
    SLOW,
    async () => {
      const id = await createInfluencer();
      await uploadAll(id, ALL_TEN);
      const tokens = (await getBalances(ctx.database.db, owner.userId)).modelTokens;
      expect((await getPersona(id)).canTrain).toBe(false);

      const refused = await train(id);
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        {
          success: false,
          error: LIKENESS_TEXTS.statementNeeded,
          code: 'LIKENESS_STATEMENT_NEEDED',
        },
      ]);
      await state(id, 'consent');
      const noDocument = await train(id);
      expect([noDocument.statusCode, noDocument.json()]).toEqual([
        400,
        { success: false, error: LIKENESS_TEXTS.documentNeeded, code: 'CONSENT_DOCUMENT_NEEDED' },
      ]);
      expect((await getBalances(ctx.database.db, owner.userId)).modelTokens).toBe(tokens);

      await state(id, 'synthetic');
      expect((await getPersona(id)).canTrain).toBe(true);
      const started = await train(id);
      expect(started.statusCode, started.body).toBe(202);
      const [job] = await finished(ctx, owner, [started.json().job.id]);
      expect(job!.status).toBe('succeeded');

      // A new statement after training replaces the old one, and the persona stays made.
      const changed = await state(id, 'self');
      expect(changed.json().persona).toMatchObject({
        status: 'ready',
        ready: true,
        likeness: { statement: 'self', verified: false },
      });
      expect((await statements(id)).map((row) => row.statement)).toEqual([
        'consent',
        'synthetic',
        'self',
      ]);
    },
  );
});

describe('the consent document', () => {
  beforeAll(async () => {
    owner = await creator();
  });

  let id: string;

  it('is kept privately and given back to its owner alone', async () => {
    id = await createInfluencer();
    const stated = await state(id, 'consent', {
      name: 'Consent – Ana.pdf',
      type: 'application/pdf',
      data: PDF,
    });
    expect(stated.statusCode, stated.body).toBe(201);
    expect(stated.json().persona.likeness).toMatchObject({
      statement: 'consent',
      document: { name: 'Consent – Ana.pdf', type: 'application/pdf' },
    });
    // Nothing in any answer links to it.
    expect(stated.body).not.toMatch(/consent\/[0-9a-f-]+\.pdf/);

    const url = `/api/influencers/${id}/likeness/document`;
    const mine = await ctx.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toMatch(/^attachment;/);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.equals(PDF)).toBe(true);

    const anonymous = await ctx.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    const theirs = await ctx.app.inject({ method: 'GET', url, headers: stranger.headers });
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'INFLUENCER_NOT_FOUND']);

    // Stored where no signed file link serves, even one signed for its very key.
    const [row] = await statements(id);
    const key = row!.consentDocumentKey!;
    expect(key).toMatch(/^private\//);
    const signed = await ctx.app.inject({ method: 'GET', url: ctx.app.services.files.sign(key) });
    expect(signed.statusCode).toBe(404);
  });

  it('a new consent statement without a file keeps the document; another statement has none', async () => {
    const again = await state(id, 'consent');
    expect(again.json().persona.likeness.document).toEqual({
      name: 'Consent – Ana.pdf',
      type: 'application/pdf',
    });
    await state(id, 'synthetic');
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/influencers/${id}/likeness/document`,
      headers: owner.headers,
    });
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'CONSENT_DOCUMENT_NOT_FOUND']);
  });

  it('accepts a photographed form (JPEG or PNG) and refuses what is not a document, by content', async () => {
    const png = await state(id, 'consent', {
      name: 'form.png',
      type: 'image/png',
      data: await makePng(),
    });
    expect(png.json().persona.likeness.document).toEqual({ name: 'form.png', type: 'image/png' });

    const before = (await statements(id)).length;
    const files = await storedFiles();
    for (const refused of [
      { name: 'consent.pdf', type: 'application/pdf', data: Buffer.from('just some words') },
      { name: 'consent.pdf', type: 'application/pdf', data: PDF.subarray(0, 40) },
      {
        name: 'consent.docx',
        type: 'application/octet-stream',
        data: Buffer.from('PK\u0003\u0004'),
      },
    ]) {
      const answer = await state(id, 'consent', refused);
      expect([answer.statusCode, answer.json()]).toEqual([
        400,
        {
          success: false,
          error: LIKENESS_TEXTS.notADocument,
          code: 'INVALID_REQUEST',
          field: 'document',
        },
      ]);
    }
    const withSelf = await state(id, 'self', {
      name: 'consent.pdf',
      type: 'application/pdf',
      data: PDF,
    });
    expect(withSelf.statusCode).toBe(400);
    const unknown = await state(id, 'my cousin');
    expect([unknown.statusCode, unknown.json().field]).toEqual([400, 'statement']);
    const huge = await state(id, 'consent', {
      name: 'scan.pdf',
      type: 'application/pdf',
      data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect([huge.statusCode, huge.json().error]).toEqual([413, LIKENESS_TEXTS.documentTooLarge]);
    // Nothing half-written: no statement, no file.
    expect((await statements(id)).length).toBe(before);
    expect(await storedFiles()).toEqual(files);
  });

  it('goes with its influencer', async () => {
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/influencers/${id}`,
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(200);
    expect((await storedFiles()).filter((key) => key.includes(id))).toEqual([]);
  });
});

describe('statements belong to the persona’s owner', () => {
  beforeAll(async () => {
    owner = await creator();
  });

  it(
    'another account can neither state, verify nor read them: 404 as for an unknown persona',
    SLOW,
    async () => {
      const id = await createInfluencer();
      await uploadAll(id, FIRST_SHOT.slice(0, 2));
      await state(id, 'self');
      const theirs = await state(id, 'synthetic', undefined, stranger);
      expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'INFLUENCER_NOT_FOUND']);
      const theirSelfie = await selfie(id, photo(MATCHING_SELFIE), stranger);
      expect([theirSelfie.statusCode, theirSelfie.json().code]).toEqual([
        404,
        'INFLUENCER_NOT_FOUND',
      ]);
      expect((await statements(id)).map((row) => [row.statement, row.matchScore])).toEqual([
        ['self', null],
      ]);
      // The stranger's own influencers carry no statement of the owner's.
      const strangers = await createInfluencer(stranger);
      expect((await getPersona(strangers, stranger)).likeness).toBeNull();
    },
  );
});

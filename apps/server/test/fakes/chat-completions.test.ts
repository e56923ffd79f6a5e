import OpenAI, {
  APIConnectionTimeoutError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
} from 'openai';
import { LengthFinishReasonError } from 'openai/error';
import { zodResponseFormat } from 'openai/helpers/zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  schemaInstance,
  startFakeChatCompletions,
  type TFakeChatCompletions,
  type TJsonSchema,
} from './chat-completions';

// The real `openai` client against the fake: proof the fake speaks what the client sends.
let fake: TFakeChatCompletions;
beforeAll(async () => {
  fake = await startFakeChatCompletions();
});
afterAll(() => fake.close());
// Each test scripts its own answers and sees only its own requests.
beforeEach(() => {
  fake.script();
  fake.respond();
  fake.requests.length = 0;
});

const connect = (options: { apiKey?: string; timeout?: number; maxRetries?: number } = {}) =>
  new OpenAI({ baseURL: fake.url, apiKey: fake.apiKey, maxRetries: 0, ...options });

const Captions = z.object({
  captions: z
    .array(
      z.object({
        platform: z.enum(['instagram', 'x']),
        caption: z.string().max(280),
        hashtags: z.array(z.string()).max(5),
      }),
    )
    .min(1)
    .max(4),
  tone: z.string(),
});

const ask = (content: string) => [
  { role: 'system' as const, content: 'You write social media captions.' },
  { role: 'user' as const, content },
];

describe('fake chat completions', () => {
  it('answers a structured request with JSON that passes its zod schema', async () => {
    const client = connect();
    const format = zodResponseFormat(Captions, 'captions');
    const messages = ask('Captions for a sunrise hike above Lisbon');
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages,
      response_format: format,
      temperature: 0.7,
    });
    expect(completion).toMatchObject({ object: 'chat.completion', model: 'gpt-4o-mini' });
    expect(completion.id).toMatch(/^chatcmpl-[A-Za-z0-9]+$/);
    const [choice] = completion.choices;
    expect(choice).toMatchObject({ index: 0, finish_reason: 'stop', logprobs: null });
    expect(choice!.message).toMatchObject({ role: 'assistant', refusal: null });
    const parsed = Captions.safeParse(JSON.parse(choice!.message.content!));
    expect(parsed.success).toBe(true);
    // The answer is made of the request's words, and the list's items take the enum in turn.
    expect(parsed.data!.captions.map((one) => one.platform)).toEqual([
      'instagram',
      'x',
      'instagram',
    ]);
    expect(parsed.data!.tone).toMatch(/Lisbon|sunrise|hike|Captions/);
    const { usage } = completion;
    expect(usage!.prompt_tokens).toBeGreaterThan(10);
    expect(usage!.total_tokens).toBe(usage!.prompt_tokens + usage!.completion_tokens);

    const [request] = fake.requests;
    expect(request!.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request!.body).toMatchObject({ model: 'gpt-4o-mini', messages, temperature: 0.7 });
    expect(request!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'captions', strict: true, schema: format.json_schema.schema },
    });
  });

  it('the client’s parse() gets the parsed object', async () => {
    const completion = await connect().chat.completions.parse({
      model: fake.model,
      messages: ask('Captions for a rainy market'),
      response_format: zodResponseFormat(Captions, 'captions'),
    });
    expect(completion.choices[0]!.message.parsed?.captions.length).toBe(3);
  });

  it('walks the rest of what zodResponseFormat emits for zod v4', async () => {
    const Tag = z.object({ label: z.string().min(2).max(12) });
    const Node = z.object({
      name: z.string(),
      get children() {
        return z.array(Node);
      },
    });
    const schema = z.object({
      nullableText: z.string().nullable(),
      optionalNullable: z.number().optional().nullable(),
      nullableObject: Tag.nullable(),
      count: z.int().min(5).max(9),
      ratio: z.number().gt(0).lt(1),
      step: z.int().multipleOf(5).min(7),
      either: z.union([z.string(), z.number()]),
      literal: z.literal('fixed'),
      flag: z.boolean(),
      slug: z
        .string()
        .min(3)
        .regex(/^[a-z]+$/),
      code: z.string().length(4),
      email: z.email(),
      id: z.uuid(),
      at: z.iso.datetime(),
      day: z.iso.date(),
      link: z.url(),
      pair: z.array(z.string()).length(2),
      kind: z.discriminatedUnion('type', [
        z.object({ type: z.literal('a') }),
        z.object({ type: z.literal('b'), size: z.number().positive() }),
      ]),
      both: z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() })),
      withDefault: z.enum(['one', 'two']).default('two'),
      tree: Node,
      tags: z.array(Tag).min(1),
      anything: z.unknown(),
    });
    // Named definitions (`$ref: '#/definitions/Tag'`) as well as recursive ones.
    const format = zodResponseFormat(schema, 'everything', { schemaDefinitions: { Tag } });
    expect(JSON.stringify(format.json_schema.schema)).toContain('#/definitions/Tag');
    const completion = await connect().chat.completions.create({
      model: fake.model,
      messages: ask('Anything at all'),
      response_format: format,
    });
    const content = JSON.parse(completion.choices[0]!.message.content!);
    const parsed = schema.safeParse(content);
    expect(parsed.error).toBeUndefined();
    expect(content.nullableText).toEqual(expect.any(String));
  });

  it('walks JSON Schema written by hand: $defs, oneOf, nullable types, bounds', () => {
    const schema: TJsonSchema = {
      type: 'object',
      properties: {
        item: { $ref: '#/$defs/item' },
        choice: { oneOf: [{ type: 'integer', minimum: 10, maximum: 12 }, { type: 'string' }] },
        maybe: { type: ['string', 'null'], maxLength: 3 },
        score: { type: 'number', exclusiveMinimum: 1, maximum: 2 },
        words: { type: 'array', items: { type: 'string', minLength: 30 }, minItems: 4 },
        empty: { type: 'array', items: { type: 'string' }, maxItems: 0 },
      },
      required: ['item', 'choice', 'maybe', 'score', 'words', 'empty'],
      additionalProperties: false,
      $defs: { item: { type: 'object', properties: { n: { const: 7 } }, required: ['n'] } },
    };
    const value = schemaInstance(schema, 'a walk along the river at dusk') as { words: string[] };
    const validator = z.fromJSONSchema(schema as never);
    expect(validator.safeParse(value).success).toBe(true);
    // The validator does check the bounds: the lower one is exclusive.
    expect(validator.safeParse({ ...value, score: 1 }).success).toBe(false);
    expect(value).toMatchObject({ item: { n: 7 }, choice: 10, maybe: 'a', empty: [] });
    expect(value.words).toHaveLength(4);
    expect(value.words[0]).toMatch(/river/);
  });

  it('answers json_object with a JSON object and no format with a sentence', async () => {
    const client = connect();
    const json = await client.chat.completions.create({
      model: fake.model,
      messages: ask('Say hello'),
      response_format: { type: 'json_object' },
    });
    expect(JSON.parse(json.choices[0]!.message.content!)).toEqual(expect.any(Object));
    const plain = await client.chat.completions.create({
      model: fake.model,
      messages: ask('Say hello'),
    });
    expect(plain.choices[0]!.message.content).toMatch(/Say hello\.$/);
  });

  it('answers scripted content, then what respond() makes', async () => {
    const client = connect();
    fake.script({ content: 'first' });
    fake.respond((body) => `echo ${body.messages!.length}`);
    const say = () =>
      client.chat.completions
        .create({ model: fake.model, messages: ask('x') })
        .then((completion) => completion.choices[0]!.message.content);
    expect(await say()).toBe('first');
    expect(await say()).toBe('echo 2');
  });

  it('refuses a wrong key with AuthenticationError', async () => {
    const error = await connect({ apiKey: 'wrong-key' })
      .chat.completions.create({ model: fake.model, messages: ask('x') })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key' });
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer wrong-key');
  });

  it('a malformed answer is not JSON and stopped at the token limit', async () => {
    fake.script({ malformed: true }, { malformed: true });
    const client = connect();
    const request = {
      model: fake.model,
      messages: ask('Captions for a picnic'),
      response_format: zodResponseFormat(Captions, 'captions'),
    };
    const completion = await client.chat.completions.create(request);
    const [choice] = completion.choices;
    expect(choice!.finish_reason).toBe('length');
    expect(choice!.message.content).toMatch(/^\{"captions":/);
    expect(() => JSON.parse(choice!.message.content!)).toThrow(SyntaxError);
    await expect(client.chat.completions.parse(request)).rejects.toBeInstanceOf(
      LengthFinishReasonError,
    );
  });

  it('a slow answer times the client out, and the fake answers the next request', async () => {
    fake.script({ delayMs: 2000 });
    const client = connect({ timeout: 200, maxRetries: 0 });
    const started = Date.now();
    await expect(
      client.chat.completions.create({ model: fake.model, messages: ask('x') }),
    ).rejects.toBeInstanceOf(APIConnectionTimeoutError);
    expect(Date.now() - started).toBeLessThan(1500);
    const next = await client.chat.completions.create({ model: fake.model, messages: ask('y') });
    expect(next.choices[0]!.message.content).toEqual(expect.any(String));
  });

  it('a 500 raises InternalServerError, and the client’s own retry gets the next answer', async () => {
    fake.script({ status: 500 });
    const error = await connect({ maxRetries: 0 })
      .chat.completions.create({ model: fake.model, messages: ask('x') })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 500, type: 'server_error' });
    expect((error as InternalServerError).requestID).toMatch(/^req_/);

    // retry-after-ms spares the test the client's half-second backoff.
    fake.script({ status: 500, retryAfterMs: 5 }, { content: '{"ok":true}' });
    const completion = await connect({ maxRetries: 1 }).chat.completions.create({
      model: fake.model,
      messages: ask('x'),
    });
    expect(completion.choices[0]!.message.content).toBe('{"ok":true}');
    expect(fake.requests).toHaveLength(3);
  });

  it('a refusal has content null and refusal set', async () => {
    fake.script({ refusal: 'I can’t help with that.' });
    const completion = await connect().chat.completions.create({
      model: fake.model,
      messages: ask('x'),
      response_format: zodResponseFormat(Captions, 'captions'),
    });
    expect(completion.choices[0]!.message).toMatchObject({
      content: null,
      refusal: 'I can’t help with that.',
    });
  });

  it('refuses streaming, a body without messages, invalid JSON and unknown paths', async () => {
    const client = connect();
    await expect(
      client.chat.completions.create({ model: fake.model, messages: ask('x'), stream: true }),
    ).rejects.toBeInstanceOf(BadRequestError);
    await expect(
      client.chat.completions.create({ model: fake.model } as never),
    ).rejects.toMatchObject({ status: 400, param: 'messages' });
    const invalid = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
      body: '{"model": ',
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      error: { type: 'invalid_request_error', param: null, code: null },
    });
    await expect(client.get('/nowhere')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lists its model', async () => {
    const client = connect();
    const models = await client.models.list();
    expect(models.data).toEqual([
      { id: 'fake-model', object: 'model', created: expect.any(Number), owned_by: 'muse-fake' },
    ]);
    expect((await client.models.retrieve('fake-model')).id).toBe('fake-model');
    await expect(client.models.retrieve('other')).rejects.toBeInstanceOf(NotFoundError);
  });
});

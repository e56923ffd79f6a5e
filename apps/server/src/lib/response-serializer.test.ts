import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler, responseJsonSchema } from './response-serializer';

const ZAnswer = z.object({
  success: z.literal(true),
  name: z.string(),
  count: z.int(),
  note: z.string().nullable(),
  tags: z.array(z.enum(['a', 'b'])),
  nested: z.object({ at: z.iso.datetime(), score: z.number().nullable() }).nullable(),
  optional: z.string().optional(),
});

const compile = (check: boolean) =>
  createResponseSerializerCompiler({ check })({ schema: ZAnswer, method: 'GET', url: '/x' });

const answer = {
  success: true,
  name: 'Mara "M" \u2028',
  count: 3,
  note: null,
  tags: ['a', 'b'],
  nested: { at: '2026-11-26T09:00:00.000Z', score: null },
};

describe('compiled response serializers', () => {
  it('write what zod writes, and never a property the schema does not declare', () => {
    const write = compile(false);
    const written = JSON.parse(write({ ...answer, passwordHash: 'secret' }));
    expect(written).toEqual(JSON.parse(JSON.stringify(ZAnswer.parse(answer))));
    expect(written).not.toHaveProperty('passwordHash');
    expect(JSON.parse(write({ ...answer, nested: null, optional: 'x' }))).toMatchObject({
      nested: null,
      optional: 'x',
    });
  });

  it('write a nullable primitive without trying each branch', () => {
    const schema = responseJsonSchema(ZAnswer) as { properties: Record<string, unknown> };
    expect(schema.properties.note).toEqual({ type: ['string', 'null'] });
  });

  it('in tests, refuse an answer that breaks its contract', () => {
    expect(() => compile(true)({ ...answer, count: 'three' })).toThrow(/match the schema/);
    expect(() => compile(true)(answer)).not.toThrow();
  });
});

/**
 * Responses are written by serializers that fast-json-stringify compiles, once per route, from
 * the JSON Schema of the route's zod response schema: the zod schemas in `@muse/shared` stay
 * the one source of truth, and a request pays for neither a zod pass over its answer nor the
 * garbage that pass leaves (docs/decisions/0035-compiled-response-serializers.md).
 *
 * A compiled serializer writes the properties the schema declares and nothing else, as zod's
 * parse did. It does not check values, so tests also check each answer with zod and fail on
 * one that breaks its contract, or that the compiled serializer writes otherwise than zod.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEncode, type $ZodType } from 'zod/v4/core';

type TJsonSchema = Record<string, unknown>;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * zod writes `X | null` as `anyOf: [X, {type: 'null'}]`, which fast-json-stringify resolves
 * with a validator on every value; for a primitive X, `type: [X, 'null']` says the same and is
 * written directly.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, simplify(value)]),
  ) as TJsonSchema;
  const anyOf = schema.anyOf as TJsonSchema[] | undefined;
  if (anyOf?.length === 2 && Object.keys(schema).length === 1) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null');
    const other = anyOf[1 - nullIndex];
    const keys = other ? Object.keys(other) : [];
    if (
      nullIndex >= 0 &&
      other &&
      typeof other.type === 'string' &&
      PRIMITIVES.has(other.type) &&
      keys.every((key) => ['type', 'format', 'enum', 'minimum', 'maximum'].includes(key))
    ) {
      return {
        ...other,
        type: [other.type, 'null'],
        ...(other.enum ? { enum: [...(other.enum as unknown[]), null] } : {}),
      };
    }
  }
  return schema;
}

/** The JSON Schema of what a zod schema writes, as fast-json-stringify takes it. */
export function responseJsonSchema(schema: $ZodType): Schema {
  const json = z.toJSONSchema(schema as z.ZodType, {
    target: 'draft-7',
    io: 'output',
    // A value JSON Schema cannot describe (a Date, say) is written as JSON.stringify writes it.
    unrepresentable: 'any',
  }) as TJsonSchema;
  delete json.$schema;
  return simplify(json) as Schema;
}

export type TResponseSerializerOptions = {
  /**
   * Check each answer against its zod schema too, and that both write the same JSON (tests): a
   * route that breaks its contract fails.
   */
  check: boolean;
};

export function createResponseSerializerCompiler({ check }: TResponseSerializerOptions) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = schema as $ZodType;
    const write = fastJsonStringify(responseJsonSchema(zodSchema));
    if (!check) return write;
    return (data: unknown) => {
      const checked = safeEncode(zodSchema, data);
      if (checked.error)
        throw new ResponseSerializationError(method, url, { cause: checked.error });
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(checked.data)))) {
        throw new Error(
          `The compiled serializer of ${method} ${url} wrote ${written}, not what its schema writes`,
        );
      }
      return written;
    };
  };
}

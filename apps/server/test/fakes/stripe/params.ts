/**
 * Stripe's request encoding and error answers. The client sends `a[b][0][c]=v` (form body for
 * POST, query string for GET and DELETE); every value arrives as a string, and the API turns it
 * into an integer or a boolean where the parameter calls for one, answering 400 otherwise.
 */

export type TParamValue = string | TParamValue[] | TParams;
export type TParams = { [key: string]: TParamValue };

/** An error the fake answers in Stripe's shape: `{error: {type, message, code?, param?}}`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
  }

  get body(): { error: Record<string, string> } {
    const { type = 'invalid_request_error', code, param } = this.details;
    return {
      error: {
        type,
        message: this.message,
        ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code}` } : {}),
        ...(param ? { param } : {}),
      },
    };
  }
}

export const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, message, { param, code });

export const noSuch = (what: string, id: string, param = 'id', status = 400) =>
  new StripeApiError(status, `No such ${what}: '${id}'`, { code: 'resource_missing', param });

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Parses `a[b][0][c]=v&e[]=w` into nested objects; containers keyed 0..n become arrays. */
export function parseStripeParams(encoded: string): TParams {
  const root: TParams = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match?.[1]) throw invalid(`Invalid parameter name: ${key}`);
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    if (path.some((segment) => UNSAFE_KEYS.has(segment))) throw invalid(`Invalid hash: ${key}`);

    let container: TParams = root;
    path.forEach((segment, index) => {
      // `e[]` appends: the next index in this container.
      const name = segment === '' ? String(Object.keys(container).length) : segment;
      if (index === path.length - 1) {
        container[name] = value;
        return;
      }
      const next = container[name] ?? {};
      if (typeof next === 'string' || Array.isArray(next)) throw invalid(`Invalid hash: ${key}`);
      container[name] = next;
      container = next;
    });
  }
  return arraysFromIndexedObjects(root) as TParams;
}

function arraysFromIndexedObjects(value: TParamValue): TParamValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: TParams = {};
  for (const key of keys) converted[key] = arraysFromIndexedObjects(value[key]!);
  if (keys.length === 0 || !keys.every((key) => /^\d+$/.test(key))) return converted;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
}

/** Typed readers over parsed parameters, answering 400 the way Stripe does. */
export function reader(params: TParams, prefix = '') {
  const name = (key: string) => (prefix ? `${prefix}[${key}]` : key);
  const read = {
    has: (key: string) => params[key] !== undefined,
    string(key: string): string | undefined {
      const value = params[key];
      if (value === undefined) return undefined;
      if (typeof value !== 'string')
        throw invalid(`Invalid string: ${JSON.stringify(value)}`, name(key));
      return value;
    },
    requiredString(key: string): string {
      const value = read.string(key);
      if (value === undefined || value === '') {
        throw invalid(`Missing required param: ${name(key)}.`, name(key), 'parameter_missing');
      }
      return value;
    },
    integer(key: string): number | undefined {
      const value = read.string(key);
      if (value === undefined) return undefined;
      if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, name(key));
      return Number(value);
    },
    /** A decimal such as `percent_off=12.5`. */
    number(key: string): number | undefined {
      const value = read.string(key);
      if (value === undefined) return undefined;
      if (!/^-?\d+(\.\d+)?$/.test(value)) throw invalid(`Invalid decimal: ${value}`, name(key));
      return Number(value);
    },
    boolean(key: string): boolean | undefined {
      const value = read.string(key);
      if (value === undefined) return undefined;
      if (value !== 'true' && value !== 'false')
        throw invalid(`Invalid boolean: ${value}`, name(key));
      return value === 'true';
    },
    /** `metadata[k]=v`: a flat hash of strings ('' unsets a key on update). */
    hash(key: string): Record<string, string> | undefined {
      const value = params[key];
      if (value === undefined) return undefined;
      if (value === '') return {};
      if (typeof value === 'string' || Array.isArray(value))
        throw invalid('Invalid hash', name(key));
      const hash: Record<string, string> = {};
      for (const [k, v] of Object.entries(value)) {
        if (typeof v !== 'string') throw invalid('Invalid hash', name(key));
        hash[k] = v;
      }
      return hash;
    },
    /** A nested object, read with the same helpers. */
    object(key: string) {
      const value = params[key];
      if (value === undefined) return undefined;
      if (typeof value === 'string' || Array.isArray(value))
        throw invalid('Invalid hash', name(key));
      return reader(value, name(key));
    },
    /** `k[0][…]`, `k[]=…`: a list of objects, each with its own reader. */
    objects(key: string) {
      const value = params[key];
      if (value === undefined || value === '') return [];
      if (!Array.isArray(value)) throw invalid('Invalid array', name(key));
      return value.map((item, index) => {
        if (typeof item === 'string' || Array.isArray(item))
          throw invalid('Invalid hash', `${name(key)}[${index}]`);
        return reader(item, `${name(key)}[${index}]`);
      });
    },
    /** `k[0]=a&k[1]=b` or `k[]=a` (also a lone `k=a`): a list of strings. */
    strings(key: string): string[] | undefined {
      const value = params[key];
      if (value === undefined) return undefined;
      const list = Array.isArray(value) ? value : [value];
      if (!list.every((item) => typeof item === 'string'))
        throw invalid('Invalid array', name(key));
      return list as string[];
    },
  };
  return read;
}

export type TReader = ReturnType<typeof reader>;

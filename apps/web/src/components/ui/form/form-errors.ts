import type { z } from 'zod';
import { ApiError, CONNECTION_ERROR } from '../../../lib/api';

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** What a form shows in its red banner, and the field (by name) the text is about, if any. */
export type TFormError = { message: string; field?: string };

/**
 * What to tell the user about a failed call: the server's text, the connection text when the
 * server could not be reached, else `fallback`.
 */
export function errorText(error: unknown, fallback: string = UNEXPECTED_ERROR): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverError) return error.serverError;
  return error.code === 'UNREACHABLE' ? error.message : fallback;
}

/** The first issue of a failed `safeParse`, which the form shows (one message at a time). */
export function firstIssue(error: z.ZodError): TFormError {
  const [issue] = error.issues;
  const field = issue?.path[0];
  return {
    message: issue?.message ?? UNEXPECTED_ERROR,
    field: typeof field === 'string' ? field : undefined,
  };
}

/** Every field's first message, for forms that show each error under its field. */
export function fieldIssues(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string') messages[field] ??= issue.message;
  }
  return messages;
}

/** Moves focus to the named control of `form`, so the user lands on what needs fixing. */
export function focusField(form: HTMLFormElement, field: string | undefined): void {
  if (!field) return;
  const control = form.elements.namedItem(field);
  if (control instanceof HTMLElement) control.focus();
}

/**
 * Validates a form's values with its shared schema. On failure the first issue goes to the
 * banner, focus moves to its field, and null is returned.
 */
export function parseForm<T>(
  schema: z.ZodType<T>,
  values: unknown,
  form: HTMLFormElement,
  setError: (error: TFormError) => void,
): T | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = firstIssue(parsed.error);
  setError(issue);
  focusField(form, issue.field);
  return null;
}

/**
 * Validates a form's values with a shared schema that is loaded on first use: a public page's
 * first load builds no schema (docs/decisions/0036-schemas-on-first-use.md). Once loaded, as
 * `parseForm`; when the schema cannot be loaded, the banner says so and null is returned.
 */
export async function parseFormWith<T>(
  load: () => Promise<z.ZodType<T>>,
  values: unknown,
  form: HTMLFormElement,
  setError: (error: TFormError) => void,
): Promise<T | null> {
  let schema: z.ZodType<T>;
  try {
    schema = await load();
  } catch {
    setError({ message: CONNECTION_ERROR });
    return null;
  }
  return parseForm(schema, values, form, setError);
}

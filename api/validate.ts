import type { ParameterizedContext } from 'koa';
import type { z } from 'zod';
import { ValidationError } from './errors.ts';
import { rejectUnsafeText } from './find-unsafe-text.ts';

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  rejectUnsafeText(value);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  throw new ValidationError(issue?.message ?? 'Invalid request', field);
}

export function validateBody<T extends z.ZodType>(ctx: ParameterizedContext, schema: T): z.infer<T> {
  return parse(schema, (ctx.request as { body?: unknown }).body ?? {});
}

export function validateQuery<T extends z.ZodType>(ctx: ParameterizedContext, schema: T): z.infer<T> {
  return parse(schema, ctx.query);
}

export function validateParams<T extends z.ZodType>(ctx: ParameterizedContext & { params?: Record<string, string> }, schema: T): z.infer<T> {
  return parse(schema, ctx.params ?? {});
}

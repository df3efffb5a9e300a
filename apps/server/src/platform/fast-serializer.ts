import fastJson, { type AnySchema } from 'fast-json-stringify';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * For a hot route whose large replies are built by typed code: writes them with
 * fast-json-stringify, compiled from the contract's JSON Schema, instead of encoding them with zod
 * first, which costs several times the writing. The reply still takes the contract's shape (keys
 * outside it are left out, a missing required key throws), but zod's refinements, such as date
 * patterns, are not checked on the way out, so the route's tests parse its replies with the contract.
 *
 * Fastify calls it with one reply schema of the route at a time, though its type names the route's
 * whole schema; hence the generic parameter and the check.
 */
export function fastSerializerCompiler<T>(route: { schema: T }) {
  const { schema } = route;
  if (!(schema instanceof $ZodType)) throw new Error('fastSerializerCompiler takes zod reply schemas');
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  const serialize: (reply: unknown) => string = fastJson(jsonSchema as AnySchema);
  return serialize;
}

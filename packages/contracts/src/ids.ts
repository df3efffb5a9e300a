import { z } from 'zod';

/**
 * The largest record id: every id column is a PostgreSQL `integer`, and a larger number sent to
 * one is refused by the database (a 500) instead of by the contract (a 400).
 */
export const MAX_ID = 2_147_483_647;

/** A record id as a client sends it, in a path, a query or a body (text is coerced, as in a URL). */
export const Id = z.coerce.number().int().positive().max(MAX_ID);

/** An id filter where 0 means "any" (such as every account of the company). */
export const IdOrAny = z.coerce.number().int().min(0).max(MAX_ID);

/**
 * Page numbers: bounded so an offset (page × size) stays far inside PostgreSQL's bigint and no
 * client can ask for a page that cannot exist.
 */
export const PageNumber = z.coerce.number().int().min(1).max(1_000_000);

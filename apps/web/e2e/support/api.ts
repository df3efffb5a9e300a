import { type APIResponse, expect } from '@playwright/test';

/** The `data` of the product's `{ data }` envelope, once the answer is known to be a success. */
export async function dataOf<T>(reply: APIResponse): Promise<T> {
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { data: T }).data;
}

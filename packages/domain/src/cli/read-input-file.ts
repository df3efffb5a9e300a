import { readFile } from 'node:fs/promises';
import { DomainError } from '../errors';

/** Reads the file named by the command's first argument; a missing argument or file is a usage error. */
export async function readInputFile(args: readonly string[], usage: string): Promise<Buffer> {
  const path = args[0];
  if (path === undefined || path.trim() === '') throw new DomainError('USAGE', `Usage: ${usage}`);
  try {
    return await readFile(path);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new DomainError('USAGE', `Cannot read ${path} (${reason})`, { path });
  }
}

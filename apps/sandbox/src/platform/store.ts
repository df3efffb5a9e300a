import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The sandbox's own records (consents, payments, signing requests, intents, deliveries, mail),
 * kept by name. With a file, they are written after each change and read back at start, so a
 * restarted `npm start` still knows the consents and payments the product holds ids of.
 */
export type SandboxStore = {
  collection<Value>(name: string): Map<string, Value>;
  /** Marks the store changed; the file is written soon after. */
  changed(): void;
  flush(): void;
};

const WRITE_DELAY_MS = 50;

export function createStore(file?: string): SandboxStore {
  const collections = new Map<string, Map<string, unknown>>();
  if (file) {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
      for (const [name, entries] of Object.entries(saved))
        collections.set(name, new Map(Object.entries(entries)));
    } catch {
      // No file yet, or one from an older sandbox: start empty.
    }
  }
  let pending: NodeJS.Timeout | undefined;

  function flush() {
    if (pending) clearTimeout(pending);
    pending = undefined;
    if (!file) return;
    const snapshot = Object.fromEntries(
      [...collections].map(([name, entries]) => [name, Object.fromEntries(entries)]),
    );
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(snapshot));
    renameSync(temporary, file);
  }

  return {
    collection<Value>(name: string) {
      let entries = collections.get(name);
      if (!entries) {
        entries = new Map();
        collections.set(name, entries);
      }
      return entries as Map<string, Value>;
    },
    changed() {
      if (!file || pending) return;
      pending = setTimeout(flush, WRITE_DELAY_MS);
      pending.unref();
    },
    flush,
  };
}

import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { LiveEvent, type LoginData } from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { givenCompany, givenTenancy, givenUser, login } from '../../test/fixtures';
import { adminQuery, serverDatabaseUrl } from '../../test/global-setup';
import { givenInboxItem } from '../../test/record-fixtures';
import { openTestDatabase, testConfig } from '../../test/test-app';
import { MAX_STREAMS_PER_PERSON } from './live-updates';
import { notifyCompanyUsers } from './notification.service';

/**
 * Two server processes on one database: on PostgreSQL each with a pool of its own, so a notification
 * crosses between them only through LISTEN/NOTIFY; on the embedded database both share its one handle.
 */
async function givenTwoProcesses() {
  const template = inject('postgresTemplateDatabase');
  let handles: [DatabaseHandle, DatabaseHandle];
  let dispose: () => Promise<void>;
  if (template) {
    const name = `bilag_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name} template ${template}`);
    handles = [openPostgres(serverDatabaseUrl(name), 3), openPostgres(serverDatabaseUrl(name), 3)];
    dispose = async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    };
  } else {
    const shared = await openTestDatabase();
    handles = [shared, shared];
    dispose = shared.dispose;
  }
  const apps: FastifyInstance[] = [];
  for (const [index, database] of handles.entries()) {
    const dataDir = `/tmp/bilag-live-${process.pid}-${index}`;
    const app = await buildApp({ config: testConfig({ dataDir }), database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
  }
  return {
    apps,
    db: handles[0].db,
    close: async () => {
      for (const app of apps) await app.close();
      if (template) for (const handle of handles) await handle.close();
      await dispose();
      for (const index of [0, 1])
        rmSync(`/tmp/bilag-live-${process.pid}-${index}`, { recursive: true, force: true });
    },
  };
}

type OpenStream = {
  status: number;
  next: () => Promise<LiveEvent>;
  isEnded: () => Promise<boolean>;
  close: () => void;
};

/** Opens the live stream as a browser does with fetch, and reads its events one by one. */
async function openStream(app: FastifyInstance, session: LoginData, companyId: number): Promise<OpenStream> {
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the app is not listening');
  const controller = new AbortController();
  const response = await fetch(
    `http://127.0.0.1:${address.port}/api/consent/notifications/live?companyId=${companyId}`,
    { headers: { authorization: `Bearer ${session.AccessToken}` }, signal: controller.signal },
  );
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let ended = false;
  const readFrame = async (): Promise<string | undefined> => {
    for (;;) {
      const boundary = buffered.indexOf('\n\n');
      if (boundary >= 0) {
        const frame = buffered.slice(0, boundary);
        buffered = buffered.slice(boundary + 2);
        return frame;
      }
      const chunk = await reader?.read();
      if (!chunk || chunk.done) {
        ended = true;
        return undefined;
      }
      buffered += decoder.decode(chunk.value, { stream: true });
    }
  };
  if (response.status === 200) expect(await readFrame()).toBe(': open');
  return {
    status: response.status,
    next: async () => {
      for (;;) {
        const frame = await readFrame();
        if (frame === undefined) throw new Error('the stream ended');
        if (frame.startsWith('data: ')) return LiveEvent.parse(JSON.parse(frame.slice('data: '.length)));
      }
    },
    isEnded: async () => {
      if (!ended) await readFrame().catch(() => undefined);
      return ended;
    },
    close: () => controller.abort(),
  };
}

const within = <T>(promise: Promise<T>, ms = 5000) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms)),
  ]);

describe('live updates', () => {
  let processes: Awaited<ReturnType<typeof givenTwoProcesses>>;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;

  beforeAll(async () => {
    processes = await givenTwoProcesses();
    const [first] = processes.apps;
    if (!first) throw new Error('no app');
    tenancy = await givenTenancy({ app: first, db: processes.db });
  });
  afterAll(() => processes.close());

  it('reach a stream opened on one process when a notification is written through the other', async () => {
    const [first, second] = processes.apps;
    if (!first || !second) throw new Error('two apps are needed');
    const stream = await openStream(second, tenancy.session, tenancy.companyId);
    expect(stream.status).toBe(200);

    // Written through the first process's database handle, inside a transaction that commits.
    await processes.db.transaction((tx) =>
      notifyCompanyUsers(tx, {
        companyId: tenancy.companyId,
        kind: 'consent-ended',
        details: { bank: 'DNB' },
        link: null,
      }),
    );
    expect(await within(stream.next())).toEqual({ topic: 'notifications', companyId: tenancy.companyId });

    await givenInboxItem(processes.db, tenancy.companyId, 'Kiwi');
    expect(await within(stream.next())).toEqual({ topic: 'inbox', companyId: tenancy.companyId });
    stream.close();
  });

  it('tell nothing of a rolled-back write, another company, or another person’s reading', async () => {
    const [first] = processes.apps;
    if (!first) throw new Error('no app');
    const stream = await openStream(first, tenancy.session, tenancy.companyId);
    await processes.db
      .transaction(async (tx) => {
        await notifyCompanyUsers(tx, {
          companyId: tenancy.companyId,
          kind: 'consent-ended',
          details: { bank: 'DNB' },
          link: null,
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await givenInboxItem(processes.db, tenancy.outsiderCompanyId, 'Utenfor');
    const colleague = await givenUser(processes.db);
    const company = await givenCompany(processes.db, { memberIds: [tenancy.user.id, colleague.id] });
    const colleagueSession = await login(first, colleague.email);
    const colleagueStream = await openStream(first, colleagueSession, company.id);
    const ownStream = await openStream(first, tenancy.session, company.id);
    const read = await first.inject({
      method: 'PUT',
      url: '/api/consent/notifications/mark-all',
      headers: { authorization: `Bearer ${colleagueSession.AccessToken}` },
      payload: { companyId: company.id },
    });
    expect(read.statusCode).toBe(200);
    expect(await within(colleagueStream.next())).toEqual({ topic: 'notifications', companyId: company.id });

    // The marker: the first event each stream sees after the writes above is this one.
    await givenInboxItem(processes.db, tenancy.companyId, 'Etter');
    expect(await within(stream.next())).toEqual({ topic: 'inbox', companyId: tenancy.companyId });
    await givenInboxItem(processes.db, company.id, 'Etter');
    expect(await within(ownStream.next())).toEqual({ topic: 'inbox', companyId: company.id });
    for (const open of [stream, colleagueStream, ownStream]) open.close();
  });

  it('refuse a company the person is not a member of, and end the oldest of too many streams', async () => {
    const [first] = processes.apps;
    if (!first) throw new Error('no app');
    const foreign = await openStream(first, tenancy.outsiderSession, tenancy.companyId);
    expect(foreign.status).toBe(404);

    const streams: OpenStream[] = [];
    for (let index = 0; index <= MAX_STREAMS_PER_PERSON; index += 1)
      streams.push(await openStream(first, tenancy.outsiderSession, tenancy.outsiderCompanyId));
    expect(await within(streams[0]?.isEnded() ?? Promise.resolve(false))).toBe(true);
    await givenInboxItem(processes.db, tenancy.outsiderCompanyId, 'Siste');
    expect(await within(streams[MAX_STREAMS_PER_PERSON]?.next() ?? Promise.reject())).toMatchObject({
      topic: 'inbox',
    });
    for (const stream of streams) stream.close();
  });

  it('are ended when the server closes, so it can stop', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({
      config: testConfig({ dataDir: `/tmp/bilag-live-close-${process.pid}` }),
      database,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const own = await givenTenancy({ app, db: database.db });
    const stream = await openStream(app, own.session, own.companyId);
    await within(app.close());
    expect(await within(stream.isEnded())).toBe(true);
    await database.dispose();
    rmSync(`/tmp/bilag-live-close-${process.pid}`, { recursive: true, force: true });
  });
});

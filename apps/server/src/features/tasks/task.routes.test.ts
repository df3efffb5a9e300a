import { type LoginData, RoleId, Task, TaskDetail, TaskPage } from '@bilag/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  givenCompany,
  givenTenantApp,
  givenUser,
  givenVoucher,
  login,
  minimalPdf,
  multipart,
  type TenantApp,
} from '../../test/fixtures';
import { addCompanyUser } from '../companies';

let context: TenantApp;
/** A second member of the tenancy's company, to give tasks to and mention. */
let colleague: { id: number; session: LoginData };

beforeAll(async () => {
  context = await givenTenantApp();
  const user = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT_LIMIT });
  await addCompanyUser(context.db, context.companyId, user.id);
  colleague = { id: user.id, session: await login(context.app, user.email) };
});
afterAll(() => context.close());

async function ok<T>(response: Promise<{ statusCode: number; body: string; json: () => { data: T } }>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}

function newTask(fields: Record<string, unknown> = {}, session = context.session) {
  return ok<Task>(
    context.call(
      'POST',
      '/api/task/tasks',
      { companyId: context.companyId, title: 'Avstem bank', ...fields },
      session,
    ),
  ).then((data) => Task.parse(data));
}

function detailOf(id: number, session = context.session) {
  return ok<TaskDetail>(
    context.call('GET', `/api/task/tasks/${id}?companyId=${context.companyId}`, undefined, session),
  ).then((data) => TaskDetail.parse(data));
}

async function notificationsOf(session: LoginData) {
  const panel = await ok<{ todays: { title: string; link: string | null }[] }>(
    context.call('GET', `/api/consent/notifications?companyId=${context.companyId}`, undefined, session),
  );
  return panel.todays;
}

async function upload(
  url: string,
  files: { name: string; bytes: Uint8Array; type: string }[],
  session = context.session,
) {
  const body = await multipart(
    { companyId: String(context.companyId) },
    files.map((file) => ({ field: 'files', ...file })),
  );
  return context.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), ...body.headers },
    payload: body.payload,
  });
}

describe('tasks', () => {
  it('are made with people and labels of the company, first in the order, and the people are told', async () => {
    const label = await ok<{ id: number }>(
      context.call('POST', '/api/task/labels', { companyId: context.companyId, name: 'MVA', color: 'teal' }),
    );
    const task = await newTask({
      description: '<p>Se <strong>kontoutskrift</strong></p><script>alert(1)</script>',
      assigneeUserIds: [colleague.id],
      labelIds: [label.id],
      dueDate: '2020-01-31',
    });
    expect(task.assignees.map((assignee) => assignee.id)).toEqual([colleague.id]);
    expect(task.labels).toEqual([{ id: label.id, companyId: context.companyId, name: 'MVA', color: 'teal' }]);
    expect(task.description).toBe('<p>Se <strong>kontoutskrift</strong></p>');
    expect(task.isOverdue).toBe(true);

    const later = await newTask({ title: 'Lønn' });
    const list = TaskPage.parse(
      await ok(context.call('POST', '/api/task/tasks/list', { companyId: context.companyId })),
    );
    expect(list.rows.slice(0, 2).map((row) => row.id)).toEqual([later.id, task.id]);

    const told = await notificationsOf(colleague.session);
    expect(told.some((entry) => entry.link?.endsWith(`/task?taskId=${task.id}`))).toBe(true);
  });

  it("offer the company's own people to be given work, and no one else", async () => {
    const people = await ok<{ id: number }[]>(
      context.call('GET', `/api/task/assignable-users?companyId=${context.companyId}`),
    );
    expect(people.map((person) => person.id).sort((a, b) => a - b)).toEqual(
      [context.user.id, colleague.id].sort((a, b) => a - b),
    );
    const asOutsider = await context.call(
      'GET',
      `/api/task/assignable-users?companyId=${context.companyId}`,
      undefined,
      context.outsiderSession,
    );
    expect(asOutsider.statusCode).toBe(404);
  });

  it('refuse people, labels, templates and records of another company', async () => {
    const stranger = await givenUser(context.db);
    const theirCompany = await givenCompany(context.db, { memberIds: [context.outsider.id] });
    const theirLabel = await ok<{ id: number }>(
      context.call(
        'POST',
        '/api/task/labels',
        { companyId: context.outsiderCompanyId, name: 'Deres', color: 'red' },
        context.outsiderSession,
      ),
    );
    const theirTemplate = await ok<{ id: number }>(
      context.call(
        'POST',
        '/api/task/templates',
        { companyId: context.outsiderCompanyId, title: 'Deres mal' },
        context.outsiderSession,
      ),
    );
    const theirVoucher = await givenVoucher(context.app, context.outsiderSession, theirCompany.id, {
      supplierName: 'Hemmelig AS',
    });
    const attempts = [
      { assigneeUserIds: [stranger.id] },
      { assigneeUserIds: [context.outsider.id] },
      { labelIds: [theirLabel.id] },
      { templateId: theirTemplate.id },
      { link: { kind: 'voucher', id: theirVoucher.Id } },
    ];
    for (const fields of attempts) {
      const refused = await context.call('POST', '/api/task/tasks', {
        companyId: context.companyId,
        title: 'x',
        ...fields,
      });
      expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
    }
    const mine = await newTask();
    const asOutsider = await context.call(
      'GET',
      `/api/task/tasks/${mine.id}?companyId=${context.outsiderCompanyId}`,
      undefined,
      context.outsiderSession,
    );
    expect(asOutsider.statusCode).toBe(404);
    const intoMine = await context.call(
      'PUT',
      `/api/task/tasks/${mine.id}`,
      { companyId: context.companyId, title: 'overtatt' },
      context.outsiderSession,
    );
    expect(intoMine.statusCode).toBe(404);
  });

  it('change field by field, with every change in the history', async () => {
    const voucher = await givenVoucher(context.app, context.session, context.companyId, {
      supplierName: 'Rema',
    });
    const task = await newTask();
    const changed = Task.parse(
      await ok(
        context.call('PUT', `/api/task/tasks/${task.id}`, {
          companyId: context.companyId,
          dueDate: '2031-05-02',
          link: { kind: 'voucher', id: voucher.Id },
        }),
      ),
    );
    expect(changed.title).toBe(task.title);
    expect(changed.dueDate).toBe('2031-05-02');
    expect(changed.link).toEqual({ kind: 'voucher', id: voucher.Id });
    const detail = await detailOf(task.id);
    expect(detail.history.map((entry) => entry.Action)).toEqual(['update', 'create']);
    expect(detail.history[0]?.After).toMatchObject({ dueDate: '2031-05-02' });
  });

  it('are finished only with the note and the voucher they require', async () => {
    const task = await newTask({ isRequireNote: true, isRequireVoucher: true });
    const finish = (content?: string) =>
      context.call('PUT', `/api/task/tasks/${task.id}/status`, {
        companyId: context.companyId,
        status: 'done',
        ...(content === undefined ? {} : { content }),
      });
    const withoutNote = await finish();
    expect(withoutNote.statusCode).toBe(400);
    expect(withoutNote.json().message).toContain('note');
    const withoutVoucher = await finish('Avstemt mot kontoutskrift');
    expect(withoutVoucher.statusCode).toBe(400);
    expect(withoutVoucher.json().message).toContain('voucher');

    const attached = await upload(`/api/task/tasks/${task.id}/files`, [
      { name: 'kvittering.pdf', bytes: minimalPdf, type: 'application/pdf' },
    ]);
    expect(attached.statusCode, attached.body).toBe(200);
    const done = Task.parse(await ok(finish('Avstemt mot kontoutskrift')));
    expect(done.status).toBe('done');
    expect(done.content).toBe('Avstemt mot kontoutskrift');
    expect(done.completedAt).not.toBeNull();

    const reopened = Task.parse(
      await ok(
        context.call('PUT', `/api/task/tasks/${task.id}/status`, {
          companyId: context.companyId,
          status: 'todo',
        }),
      ),
    );
    expect(reopened.completedAt).toBeNull();
    expect(reopened.content).toBe('Avstemt mot kontoutskrift');
  });

  it('move in the order, also when two moves come at once', async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    const ids: number[] = [];
    for (const title of ['A', 'B', 'C', 'D'])
      ids.unshift(
        (await ok<Task>(context.call('POST', '/api/task/tasks', { companyId: company.id, title }))).id,
      );
    const order = async () =>
      TaskPage.parse(
        await ok(context.call('POST', '/api/task/tasks/list', { companyId: company.id })),
      ).rows.map((row) => row.title);
    expect(await order()).toEqual(['D', 'C', 'B', 'A']);
    const [d, c, , a] = ids;
    await ok(context.call('PUT', `/api/task/tasks/${d}/move`, { companyId: company.id, position: 2 }));
    expect(await order()).toEqual(['C', 'B', 'D', 'A']);
    await ok(context.call('PUT', `/api/task/tasks/${c}/move`, { companyId: company.id, position: 99 }));
    expect(await order()).toEqual(['B', 'D', 'A', 'C']);
    const together = await Promise.all([
      context.call('PUT', `/api/task/tasks/${a}/move`, { companyId: company.id, position: 0 }),
      context.call('PUT', `/api/task/tasks/${c}/move`, { companyId: company.id, position: 0 }),
    ]);
    expect(together.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await order()).sort()).toEqual(['A', 'B', 'C', 'D']);
  });

  it('move beside another task, found in the order when the move is made, whatever came in between', async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    const create = async (title: string) =>
      (await ok<Task>(context.call('POST', '/api/task/tasks', { companyId: company.id, title }))).id;
    const a = await create('A');
    const b = await create('B');
    const order = async () =>
      TaskPage.parse(
        await ok(context.call('POST', '/api/task/tasks/list', { companyId: company.id, status: 'all' })),
      ).rows.map((row) => row.title);
    expect(await order()).toEqual(['B', 'A']);
    // Someone adds two tasks at the top after the list was read: a position read before would land
    // between them; beside B it lands beside B.
    await create('C');
    await create('D');
    await ok(
      context.call('PUT', `/api/task/tasks/${a}/move`, {
        companyId: company.id,
        beside: { id: b, side: 'before' },
      }),
    );
    expect(await order()).toEqual(['D', 'C', 'A', 'B']);
    await ok(
      context.call('PUT', `/api/task/tasks/${a}/move`, {
        companyId: company.id,
        beside: { id: b, side: 'after' },
      }),
    );
    expect(await order()).toEqual(['D', 'C', 'B', 'A']);

    const gone = await context.call('PUT', `/api/task/tasks/${a}/move`, {
      companyId: company.id,
      beside: { id: 999_999_999, side: 'after' },
    });
    expect(gone.statusCode).toBe(404);
    const both = await context.call('PUT', `/api/task/tasks/${a}/move`, {
      companyId: company.id,
      position: 0,
      beside: { id: b, side: 'after' },
    });
    expect(both.statusCode).toBe(400);
    const neither = await context.call('PUT', `/api/task/tasks/${a}/move`, { companyId: company.id });
    expect(neither.statusCode).toBe(400);
  });

  it('keep files checked by their content, and let them go again', async () => {
    const task = await newTask();
    const disguised = await upload(`/api/task/tasks/${task.id}/files`, [
      {
        name: 'faktura.pdf',
        bytes: new TextEncoder().encode('<script>not a pdf</script>'),
        type: 'application/pdf',
      },
    ]);
    expect(disguised.statusCode).toBe(415);
    const kept = await upload(`/api/task/tasks/${task.id}/files`, [
      { name: 'faktura.pdf', bytes: minimalPdf, type: 'application/pdf' },
    ]);
    const [file] = kept.json().data as { id: number }[];
    if (!file) throw new Error('no file kept');
    const download = await context.call(
      'GET',
      `/api/main/file/download/${file.id}?companyId=${context.companyId}`,
    );
    expect(download.statusCode).toBe(200);
    expect((await detailOf(task.id)).attachmentCount).toBe(1);
    await ok(
      context.call('DELETE', `/api/task/tasks/${task.id}/files/${file.id}?companyId=${context.companyId}`),
    );
    expect((await detailOf(task.id)).files).toEqual([]);
  });

  it('are deleted with their comments and files', async () => {
    const task = await newTask();
    await ok(
      context.call('POST', '/api/task/comments', {
        companyId: context.companyId,
        taskId: task.id,
        content: '<p>x</p>',
      }),
    );
    await ok(context.call('DELETE', `/api/task/tasks/${task.id}?companyId=${context.companyId}`));
    const gone = await context.call('GET', `/api/task/tasks/${task.id}?companyId=${context.companyId}`);
    expect(gone.statusCode).toBe(404);
  });
});

describe('comments on tasks', () => {
  const mention = (id: number, label: string) =>
    `<span data-type="mention" class="mention" data-id="${id}" data-label="${label}">@${label}</span>`;

  it('tell the colleagues mentioned, and no one outside the company', async () => {
    const task = await newTask({ title: 'Purring fra Telenor' });
    const comment = await ok<{ id: number; mentionedUserIds: number[]; content: string }>(
      context.call('POST', '/api/task/comments', {
        companyId: context.companyId,
        taskId: task.id,
        content: `<p>${mention(colleague.id, 'Kari')} ${mention(context.outsider.id, 'Ola')} ta denne <img src=x onerror=alert(1)></p>`,
      }),
    );
    expect(comment.mentionedUserIds).toEqual([colleague.id]);
    expect(comment.content).not.toContain('onerror');
    const told = await notificationsOf(colleague.session);
    expect(told.some((entry) => entry.link?.includes(`commentId=${comment.id}`))).toBe(true);

    const byComment = await ok<TaskDetail>(
      context.call('GET', `/api/task/comments/${comment.id}/task?companyId=${context.companyId}`),
    );
    expect(byComment.id).toBe(task.id);
    expect(byComment.comments.map((entry) => entry.id)).toEqual([comment.id]);
  });

  it('are refused when empty, and changed or deleted only by the one who wrote them', async () => {
    const task = await newTask();
    for (const content of ['<p></p>', '<p>&nbsp; </p>', '<script>alert(1)</script>']) {
      const empty = await context.call('POST', '/api/task/comments', {
        companyId: context.companyId,
        taskId: task.id,
        content,
      });
      expect(empty.statusCode, content).toBe(400);
    }
    const comment = await ok<{ id: number }>(
      context.call('POST', '/api/task/comments', {
        companyId: context.companyId,
        taskId: task.id,
        content: '<p>Først</p>',
      }),
    );
    const byColleague = await context.call(
      'PUT',
      `/api/task/comments/${comment.id}`,
      { companyId: context.companyId, taskId: task.id, content: '<p>Endret</p>' },
      colleague.session,
    );
    expect(byColleague.statusCode).toBe(403);
    const edited = await ok<{ content: string }>(
      context.call('PUT', `/api/task/comments/${comment.id}`, {
        companyId: context.companyId,
        taskId: task.id,
        content: `<p>Endret ${mention(colleague.id, 'Kari')}</p>`,
      }),
    );
    expect(edited.content).toContain('Endret');
    const deleteByColleague = await context.call(
      'DELETE',
      `/api/task/comments/${comment.id}?companyId=${context.companyId}`,
      undefined,
      colleague.session,
    );
    expect(deleteByColleague.statusCode).toBe(403);
    await ok(context.call('DELETE', `/api/task/comments/${comment.id}?companyId=${context.companyId}`));
  });

  it('show images kept from the editor at an address without a token, checked by content', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const kept = await upload('/api/task/editor-images', [
      { name: 'lim.png', bytes: png, type: 'image/png' },
    ]);
    expect(kept.statusCode, kept.body).toBe(200);
    const { url } = kept.json().data as { url: string };
    expect(url).toMatch(new RegExp(`^/api/task/editor-images/${context.companyId}-[0-9a-f]{32}\\.png$`));
    const shown = await context.app.inject({ method: 'GET', url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(shown.rawPayload, png)).toBe(0);

    const guessed = await context.app.inject({
      method: 'GET',
      url: `/api/task/editor-images/${context.companyId}-${'0'.repeat(32)}.png`,
    });
    expect(guessed.statusCode).toBe(404);
    const traversal = await context.app.inject({
      method: 'GET',
      url: '/api/task/editor-images/..%2F..%2Fetc%2Fpasswd',
    });
    expect(traversal.statusCode).toBe(400);
    const notAnImage = await upload('/api/task/editor-images', [
      { name: 'lim.png', bytes: minimalPdf, type: 'image/png' },
    ]);
    expect(notAnImage.statusCode).toBe(415);
  });
});

describe('labels and templates', () => {
  it('labels are unique by name in a company, whatever the case, and leave the tasks when deleted', async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    const first = await ok<{ id: number }>(
      context.call('POST', '/api/task/labels', { companyId: company.id, name: 'Lønn', color: 'blue' }),
    );
    const twice = await context.call('POST', '/api/task/labels', {
      companyId: company.id,
      name: 'LØNN',
      color: 'red',
    });
    expect(twice.statusCode).toBe(409);
    const other = await ok<{ id: number }>(
      context.call('POST', '/api/task/labels', { companyId: company.id, name: 'MVA', color: 'red' }),
    );
    const renamed = await context.call('PUT', `/api/task/labels/${other.id}`, {
      companyId: company.id,
      name: 'lønn',
      color: 'red',
    });
    expect(renamed.statusCode).toBe(409);
    const task = await ok<Task>(
      context.call('POST', '/api/task/tasks', {
        companyId: company.id,
        title: 'x',
        labelIds: [first.id, other.id],
      }),
    );
    await ok(context.call('DELETE', `/api/task/labels/${first.id}?companyId=${company.id}`));
    const after = await ok<TaskDetail>(
      context.call('GET', `/api/task/tasks/${task.id}?companyId=${company.id}`),
    );
    expect(after.labels.map((label) => label.id)).toEqual([other.id]);
  });

  it("a company's templates beside the global ones, which only administrators change", async () => {
    const fields = {
      title: 'MVA-melding',
      description: '<p>Send inn <a href="javascript:alert(1)">her</a></p>',
      isRequireVoucher: true,
      recurrence: { everyMonths: 2, firstDueDate: '2026-02-10', leadDays: 14 },
    };
    const asMember = await context.call('POST', '/api/task/template-global', fields);
    expect(asMember.statusCode).toBe(403);
    const global = await ok<{ id: number; companyId: number | null; description: string }>(
      context.call('POST', '/api/task/template-global', fields, context.adminSession),
    );
    expect(global.companyId).toBeNull();
    expect(global.description).not.toContain('javascript');
    const own = await ok<{ id: number }>(
      context.call('POST', '/api/task/templates', { companyId: context.companyId, title: 'Lønnskjøring' }),
    );
    const listed = await ok<{ id: number }[]>(
      context.call('GET', `/api/task/templates?companyId=${context.companyId}`),
    );
    expect(listed.map((template) => template.id)).toEqual(expect.arrayContaining([global.id, own.id]));
    const globalAsOwn = await context.call('PUT', `/api/task/templates/${global.id}`, {
      companyId: context.companyId,
      title: 'kapret',
    });
    expect(globalAsOwn.statusCode).toBe(404);
    const fromGlobal = await newTask({ title: 'MVA-melding', templateId: global.id });
    expect(fromGlobal.templateId).toBe(global.id);
    await ok(
      context.call('DELETE', `/api/task/template-global/${global.id}`, undefined, context.adminSession),
    );
    await ok(context.call('DELETE', `/api/task/templates/${own.id}?companyId=${context.companyId}`));
    expect((await detailOf(fromGlobal.id)).templateId).toBe(global.id);
  });
});

describe("the bureau's overview", () => {
  it('lists the open tasks of every company the person serves, overdue first, and of no other', async () => {
    const accountant = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
    const first = await givenCompany(context.db, { memberIds: [accountant.id] });
    const second = await givenCompany(context.db, { memberIds: [accountant.id] });
    const session = await login(context.app, accountant.email);
    const make = (companyId: number, title: string, dueDate: string | null) =>
      ok<Task>(context.call('POST', '/api/task/tasks', { companyId, title, dueDate }, session));
    await make(first.id, 'Neste år', '2099-01-01');
    await make(second.id, 'For sent', '2020-01-01');
    await make(second.id, 'Uten dato', null);
    const finished = await make(first.id, 'Ferdig', '2020-01-01');
    await ok(
      context.call(
        'PUT',
        `/api/task/tasks/${finished.id}/status`,
        { companyId: first.id, status: 'done' },
        session,
      ),
    );
    await newTask({ title: 'Ikke min bedrift', dueDate: '2019-01-01' });

    const overview = await ok<{
      rows: { title: string; companyName: string }[];
      total: number;
      overdue: number;
    }>(context.call('POST', '/api/task/overview', {}, session));
    expect(overview.rows.map((row) => row.title)).toEqual(['For sent', 'Neste år', 'Uten dato']);
    expect(overview.overdue).toBe(1);
    expect(overview.rows[0]?.companyName).toBe(second.name);
    const ofFirst = await ok<{ rows: { title: string }[] }>(
      context.call('POST', '/api/task/overview', { companyId: first.id, status: 'all' }, session),
    );
    expect(ofFirst.rows.map((row) => row.title).sort()).toEqual(['Ferdig', 'Neste år']);
  });
});

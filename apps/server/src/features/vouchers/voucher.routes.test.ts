import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { LoginData } from '@bilag/contracts';
import {
  BankTransactionStatus,
  ErrorCode,
  ListVouchersReply,
  PaymentStatus,
  PaymentType,
  RoleId,
  VoucherPaymentState,
  VoucherSource,
  VoucherStatus,
} from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import {
  bearer,
  givenBankAccount,
  givenCompany,
  givenTenantApp,
  givenTransaction,
  givenUser,
  givenVoucher,
  login,
  multipart,
  type TenantApp,
} from '../../test/fixtures';

const pdfBytes = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function receiptPng(colour = '#d33') {
  return sharp({ create: { width: 400, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

describe('vouchers', () => {
  let context: TenantApp;

  beforeAll(async () => {
    context = await givenTenantApp();
  });
  afterAll(() => context.close());

  async function upload(
    files: { name: string; bytes: Uint8Array }[],
    as = context.session,
    company = context.companyId,
  ) {
    const body = await multipart(
      { companyId: String(company) },
      files.map((file) => ({ field: 'files', ...file })),
    );
    return context.app.inject({
      method: 'POST',
      url: '/api/main/voucher/addByWeb',
      headers: { ...bearer(as), ...body.headers },
      payload: body.payload,
    });
  }

  function storedFileCount() {
    const root = path.join(context.dataDir, 'files');
    return existsSync(root) ? readdirSync(root, { recursive: true }).length : 0;
  }

  async function get(url: string, as = context.session) {
    return context.app.inject({ method: 'GET', url, headers: bearer(as) });
  }

  async function update(id: number, changes: Record<string, unknown>, as = context.session) {
    return context.app.inject({
      method: 'PUT',
      url: `/api/main/voucher/${id}`,
      headers: bearer(as),
      payload: { companyId: context.companyId, ...changes },
    });
  }

  describe('upload', () => {
    it('creates one new voucher per uploaded file, with the file and a thumbnail for images', async () => {
      const response = await upload([
        { name: 'kvittering rema.png', bytes: await receiptPng() },
        { name: 'faktura.pdf', bytes: pdfBytes },
      ]);
      expect(response.statusCode).toBe(200);
      const created = response.json().data;
      expect(created).toHaveLength(2);
      expect(created[0]).toMatchObject({
        Source: VoucherSource.WEB_UPLOAD,
        Status: VoucherStatus.NEW,
        CompanyId: context.companyId,
        Currency: 'NOK',
      });
      expect(created[0].Files[0]).toMatchObject({
        FileName: 'kvittering rema.png',
        MimeType: 'image/png',
        HasThumbnail: true,
      });
      expect(created[1].Files[0]).toMatchObject({
        FileName: 'faktura.pdf',
        MimeType: 'application/pdf',
        HasThumbnail: false,
      });

      const original = await get(
        `/api/main/file/download/${created[0].Files[0].Id}?companyId=${context.companyId}`,
      );
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/png');
      expect(original.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      const thumbnail = await get(
        `/api/main/file/download/${created[0].Files[0].Id}?companyId=${context.companyId}&variant=thumbnail`,
      );
      expect(thumbnail.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(thumbnail.rawPayload).metadata()).height).toBeLessThanOrEqual(320);
    });

    it('judges a file by its content: a script renamed to .png is refused and nothing is stored', async () => {
      const before = (await get(`/api/main/voucher/list?companyId=${context.companyId}`)).json().data.total;
      const filesBefore = storedFileCount();
      const response = await upload([
        { name: 'ok.png', bytes: await receiptPng() },
        { name: 'evil.png', bytes: new TextEncoder().encode('<script>alert(1)</script>') },
      ]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        message: expect.stringContaining('evil.png'),
      });
      expect((await get(`/api/main/voucher/list?companyId=${context.companyId}`)).json().data.total).toBe(
        before,
      );
      expect(storedFileCount()).toBe(filesBefore);
    });

    it('makes a hostile file name harmless', async () => {
      const response = await upload([{ name: '../../etc/pass"wd\u0000.exe', bytes: pdfBytes }]);
      expect(response.statusCode).toBe(200);
      const name: string = response.json().data[0].Files[0].FileName;
      expect(name).not.toMatch(/[/\\"]|\p{Cc}/u);
      expect(name.endsWith('.pdf')).toBe(true);
    });

    it('refuses an upload without files', async () => {
      const response = await upload([]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Choose at least one file to upload.');
    });

    it('refuses a file over the size limit with 413', async () => {
      const huge = new Uint8Array(21 * 1024 * 1024);
      huge.set(pdfBytes);
      const response = await upload([{ name: 'huge.pdf', bytes: huge }]);
      expect(response.statusCode).toBe(413);
    });
  });

  describe('list, filters and statistics', () => {
    let listCompanyId: number;
    let listSession: LoginData;
    const ids: number[] = [];

    beforeAll(async () => {
      const user = await givenUser(context.db);
      listCompanyId = (await givenCompany(context.db, { memberIds: [user.id] })).id;
      listSession = await login(context.app, user.email);
      const body = await multipart(
        { companyId: String(listCompanyId) },
        await Promise.all(
          [1, 2, 3, 4].map(async (n) => ({ field: 'files', name: `r${n}.png`, bytes: await receiptPng() })),
        ),
      );
      const created = await context.app.inject({
        method: 'POST',
        url: '/api/main/voucher/addByWeb',
        headers: { ...bearer(listSession), ...body.headers },
        payload: body.payload,
      });
      ids.push(...created.json().data.map((voucher: { Id: number }) => voucher.Id));
      const edits = [
        { date: '2025-01-15', supplierName: 'Telenor Norge AS', amountOre: 49_900, kid: '1234567890128' },
        { date: '2025-01-20', supplierName: 'Rema 1000', amountOre: 12_350, labels: ['mat'] },
        { date: '2025-03-02', supplierName: 'Circle K', amountOre: 80_000, dueDate: '2025-03-20' },
        { date: '2024-12-30', supplierName: 'Telenor Norge AS', amountOre: 49_900 },
      ];
      for (const [index, edit] of edits.entries()) {
        const response = await context.app.inject({
          method: 'PUT',
          url: `/api/main/voucher/${ids[index]}`,
          headers: bearer(listSession),
          payload: { companyId: listCompanyId, ...edit },
        });
        expect(response.statusCode).toBe(200);
      }
    });

    const list = (query: string) =>
      context.app.inject({
        method: 'GET',
        url: `/api/main/voucher/list?companyId=${listCompanyId}&${query}`,
        headers: bearer(listSession),
      });

    it('lists each voucher with its own file only', async () => {
      const rows = (await list('')).json().data.rows as { Id: number; Files: { FileName: string }[] }[];
      expect(rows.map((row) => row.Files.map((file) => file.FileName))).toEqual([
        ['r4.png'],
        ['r3.png'],
        ['r2.png'],
        ['r1.png'],
      ]);
      const admin = await login(context.app, (await givenUser(context.db, { roleId: RoleId.ADMIN })).email);
      const adminRows = (
        await get(`/api/main/voucher/fetchAdminVoucher?companyId=${listCompanyId}`, admin)
      ).json().data.rows;
      expect(adminRows.map((row: { Files: unknown[] }) => row.Files.length)).toEqual([1, 1, 1, 1]);
    });

    it('answers the list in the shape of its contract, files included', async () => {
      const body = (await list('sortBy=Date&sortType=asc')).json();
      expect(ListVouchersReply.parse(body)).toEqual(body);
      expect(body.data.rows[0].Files[0]).toMatchObject({ FileName: 'r4.png', MimeType: 'image/png' });
    });

    it('pages 50 at a time by default, newest id first', async () => {
      const response = await list('');
      const data = response.json().data;
      expect(data.total).toBe(4);
      expect(data.rows.map((row: { Id: number }) => row.Id)).toEqual([...ids].reverse());
    });

    it('filters by year and month, by keyword, by voucher id and by status', async () => {
      expect((await list('year=2025')).json().data.total).toBe(3);
      expect((await list('year=2025&month=1')).json().data.total).toBe(2);
      expect((await list('keyword=telenor')).json().data.total).toBe(2);
      expect((await list('keyword=mat')).json().data.total).toBe(1);
      expect((await list(`voucherId=${ids[2]}`)).json().data.rows[0].SupplierName).toBe('Circle K');
      expect((await list(`status=${VoucherStatus.READY}`)).json().data.total).toBe(4);
      expect((await list(`status=${VoucherStatus.NEW}`)).json().data.total).toBe(0);
      expect((await list('from=2025-01-16&to=2025-03-01')).json().data.total).toBe(1);
    });

    it('sorts by amount and pages', async () => {
      const page = (await list('sortBy=Amount&sortType=asc&pageSize=2&pageNumber=2')).json().data;
      expect(page.total).toBe(4);
      expect(page.rows.map((row: { AmountOre: number }) => row.AmountOre)).toEqual([49_900, 80_000]);
    });

    it('tells the total on a page past the end, and answers an empty list where nothing matches', async () => {
      const pastTheEnd = await list('pageSize=2&pageNumber=5');
      expect(pastTheEnd.statusCode).toBe(200);
      expect(pastTheEnd.json().data).toEqual({ total: 4, rows: [] });
      const nothing = await list('year=1990');
      expect(nothing.statusCode).toBe(200);
      expect(nothing.json().data).toEqual({ total: 0, rows: [] });
    });

    it('lists the vouchers of a company to its owner who is not a member', async () => {
      const owner = await givenUser(context.db);
      const ownedCompanyId = (await givenCompany(context.db, { ownerUserId: owner.id })).id;
      const response = await get(
        `/api/main/voucher/list?companyId=${ownedCompanyId}`,
        await login(context.app, owner.email),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ total: 0, rows: [] });
    });

    it('refuses a filter value outside the allowed ones with 400', async () => {
      expect((await list('month=13')).statusCode).toBe(400);
      expect((await list('sortBy=Password')).statusCode).toBe(400);
    });

    it('counts vouchers per month with the total in the 13th slot, and sums amounts the same way', async () => {
      const counts = (
        await context.app.inject({
          method: 'GET',
          url: `/api/main/voucher/statistics?companyId=${listCompanyId}&year=2025`,
          headers: bearer(listSession),
        })
      ).json().data;
      expect(counts).toEqual([2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
      const amounts = (
        await context.app.inject({
          method: 'GET',
          url: `/api/main/voucher/month?companyId=${listCompanyId}&year=2025`,
          headers: bearer(listSession),
        })
      ).json().data;
      expect(amounts[0]).toBe(62_250);
      expect(amounts[12]).toBe(142_250);
    });

    it('lists only the years with vouchers, newest first, so the list opens on books rather than an empty year', async () => {
      const years = (
        await context.app.inject({
          method: 'GET',
          url: `/api/main/voucher/years?companyId=${listCompanyId}`,
          headers: bearer(listSession),
        })
      ).json().data;
      expect(years).toEqual([2025, 2024]);
    });

    it('offers the current year while a company has no vouchers', async () => {
      const empty = await givenCompany(context.db, { memberIds: [context.user.id] });
      const years = await context.app.inject({
        method: 'GET',
        url: `/api/main/voucher/years?companyId=${empty.id}`,
        headers: bearer(context.session),
      });
      expect(years.json().data).toEqual([Number(todayIsoDate('Europe/Oslo').slice(0, 4))]);
    });

    it('summarises what is missing and what is overdue', async () => {
      const summary = (
        await context.app.inject({
          method: 'GET',
          url: `/api/main/voucher/getMissingSummary?companyId=${listCompanyId}&year=2025`,
          headers: bearer(listSession),
        })
      ).json().data;
      expect(summary).toEqual({
        total: 0,
        missingDate: 0,
        missingAmount: 0,
        missingSupplier: 0,
        unpaidOverdue: 1,
      });
    });

    it('lists the labels in use with how often', async () => {
      const labels = (
        await context.app.inject({
          method: 'GET',
          url: `/api/main/voucherLabels/${listCompanyId}`,
          headers: bearer(listSession),
        })
      ).json().data;
      expect(labels).toEqual([{ Label: 'mat', Count: 1 }]);
    });

    it('fetches every matching voucher without paging', async () => {
      const all = (
        await context.app.inject({
          method: 'GET',
          url: `/api/main/voucher/fetchAll?companyId=${listCompanyId}&year=2025`,
          headers: bearer(listSession),
        })
      ).json().data;
      expect(all).toMatchObject({ total: 3, isTruncated: false });
      expect(all.rows).toHaveLength(3);
    });
  });

  describe('edit, history and delete', () => {
    it('moves a voucher to ready when date, amount and supplier are filled in, and keeps the change in its history', async () => {
      const [created] = (await upload([{ name: 'a.pdf', bytes: pdfBytes }])).json().data;
      const partial = await update(created.Id, { supplierName: 'Posten Norge' });
      expect(partial.json().data.Status).toBe(VoucherStatus.NEW);
      const complete = await update(created.Id, {
        date: '2025-06-01',
        amountOre: 12_500,
        isPaid: true,
        labels: ['porto', 'porto'],
      });
      expect(complete.json().data).toMatchObject({
        Status: VoucherStatus.READY,
        Date: '2025-06-01',
        AmountOre: 12_500,
        IsPaid: true,
        Labels: ['porto'],
      });

      const detail = (await get(`/api/main/voucher/${created.Id}?companyId=${context.companyId}`)).json()
        .data;
      expect(detail.History.map((entry: { Action: string }) => entry.Action)).toEqual([
        'update',
        'update',
        'create',
      ]);
      expect(detail.History[0]).toMatchObject({
        UserName: 'Test Person',
        Before: { amountOre: null },
        After: { amountOre: 12_500 },
      });
    });

    it('refuses an invalid date or KID with 400 and a readable message', async () => {
      const [created] = (await upload([{ name: 'b.pdf', bytes: pdfBytes }])).json().data;
      const badDate = await update(created.Id, { date: '31.02.2025' });
      expect(badDate.statusCode).toBe(400);
      const badKid = await update(created.Id, { kid: '12ab' });
      expect(badKid.statusCode).toBe(400);
      expect(badKid.json().message).toBe('Some of the information sent is not valid.');
    });

    it('soft-deletes one or many: gone from lists, kept for retention and visible to an admin', async () => {
      const created = (
        await upload([
          { name: 'c.pdf', bytes: pdfBytes },
          { name: 'd.pdf', bytes: pdfBytes },
          { name: 'e.pdf', bytes: pdfBytes },
        ])
      ).json().data;
      const single = await context.app.inject({
        method: 'DELETE',
        url: `/api/main/voucher/${created[0].Id}?companyId=${context.companyId}`,
        headers: { ...bearer(context.session), 'content-type': 'application/json' },
      });
      expect(single.json().data.deleted).toBe(1);
      const many = await context.app.inject({
        method: 'POST',
        url: '/api/main/voucher/delete-list',
        headers: bearer(context.session),
        payload: { companyId: context.companyId, ids: [created[1].Id, created[2].Id, created[0].Id] },
      });
      expect(many.json().data.deleted).toBe(2);
      expect(
        (await get(`/api/main/voucher/${created[1].Id}?companyId=${context.companyId}`)).statusCode,
      ).toBe(404);
      const listed = (await get(`/api/main/voucher/list?companyId=${context.companyId}&pageSize=200`))
        .json()
        .data.rows.map((row: { Id: number }) => row.Id);
      expect(listed).not.toContain(created[1].Id);
      const file = await get(
        `/api/main/file/download/${created[1].Files[0].Id}?companyId=${context.companyId}`,
      );
      expect(file.statusCode).toBe(200);

      const admin = await login(context.app, (await givenUser(context.db, { roleId: RoleId.ADMIN })).email);
      const adminView = (
        await get(
          `/api/main/voucher/fetchAdminVoucher?companyId=${context.companyId}&includeDeleted=true&pageSize=200`,
          admin,
        )
      ).json().data;
      const deletedRow = adminView.rows.find((row: { Id: number }) => row.Id === created[1].Id);
      expect(deletedRow.DeletedAt).not.toBeNull();
    });
  });

  describe('balances', () => {
    it('splits a voucher amount into parts and reports the rest, refusing parts beyond the amount', async () => {
      const [created] = (await upload([{ name: 'f.pdf', bytes: pdfBytes }])).json().data;
      await update(created.Id, { amountOre: 100_000 });
      const add = (amountOre: number) =>
        context.app.inject({
          method: 'POST',
          url: '/api/main/voucher/v2/balances/add',
          headers: bearer(context.session),
          payload: {
            companyId: context.companyId,
            voucherId: created.Id,
            amountOre,
            description: 'Delbetaling',
          },
        });
      expect((await add(40_000)).json().data.rest).toBe(60_000);
      const second = (await add(50_000)).json().data;
      expect(second.rest).toBe(10_000);
      const tooMuch = await add(20_000);
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().message).toBe('The parts would add up to more than the voucher amount.');

      const viaV1 = (
        await get(
          `/api/main/voucher/getVoucherBalance?companyId=${context.companyId}&voucherId=${created.Id}`,
        )
      ).json().data;
      const viaV2 = (
        await get(`/api/main/voucher/v2/balances/${created.Id}?companyId=${context.companyId}`)
      ).json().data;
      expect(viaV1).toEqual(viaV2);
      expect(viaV1.voucherBalances).toHaveLength(2);

      const removed = await context.app.inject({
        method: 'POST',
        url: `/api/main/voucher/v2/balances/remove/${created.Id}/${second.voucherBalances[0].Id}?companyId=${context.companyId}`,
        headers: bearer(context.session),
      });
      expect(removed.json().data.rest).toBe(50_000);
    });
  });

  describe('missing vouchers', () => {
    it('registers a missing voucher for a bank transaction with a note and files, and updates it when registered again', async () => {
      const account = await givenBankAccount(context.app, context.session, context.companyId);
      const transaction = await givenTransaction(context.app, context.session, context.companyId, account.Id);
      const first = await multipart(
        {
          companyId: String(context.companyId),
          bankTransactionId: String(transaction.Id),
          isPrivate: 'false',
          note: 'Kvittering mistet',
        },
        [{ field: 'files', name: 'bilde.png', bytes: await receiptPng() }],
      );
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/main/voucher/missing',
        headers: { ...bearer(context.session), ...first.headers },
        payload: first.payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        BankTransactionId: transaction.Id,
        IsPrivate: false,
        Note: 'Kvittering mistet',
      });
      const lost = await get(`/api/main/transactions/${transaction.Id}?companyId=${context.companyId}`);
      expect(lost.json().data).toMatchObject({ Status: BankTransactionStatus.LOST, IsPrivate: false });
      const again = await context.app.inject({
        method: 'POST',
        url: '/api/main/voucher/missing',
        headers: bearer(context.session),
        payload: {
          companyId: context.companyId,
          bankTransactionId: transaction.Id,
          isPrivate: true,
          note: 'Privat kjøp',
        },
      });
      expect(again.json().data).toMatchObject({
        Id: response.json().data.Id,
        IsPrivate: true,
        Note: 'Privat kjøp',
      });
      const privateNow = await get(`/api/main/transactions/${transaction.Id}?companyId=${context.companyId}`);
      expect(privateNow.json().data).toMatchObject({
        Status: BankTransactionStatus.PRIVATE,
        IsPrivate: true,
      });
    });

    it('refuses to register a missing voucher for a transaction the company does not have', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/main/voucher/missing',
        headers: bearer(context.session),
        payload: { companyId: context.companyId, bankTransactionId: 987_654, isPrivate: false },
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('payment state', () => {
    it("shows each voucher's latest payment status and filters by to pay, on the payment list and paid", async () => {
      const tag = `Paystate ${Date.now()}`;
      const voucherWith = async (amountOre: number, statuses: PaymentStatus[], isPaid = false) => {
        const voucher = await givenVoucher(context.app, context.session, context.companyId, {
          supplierName: `${tag} ${amountOre}`,
          amountOre,
          date: '2025-02-01',
        });
        if (isPaid)
          await context.call('PUT', `/api/main/voucher/${voucher.Id}`, {
            companyId: context.companyId,
            isPaid,
          });
        for (const status of statuses) {
          const uuid = randomUUID();
          await context.db.insert(payments).values({
            companyId: context.companyId,
            uuid,
            voucherId: voucher.Id,
            type: PaymentType.DOMESTIC,
            source: 0,
            status,
            creditorName: `${tag} ${amountOre}`,
            creditorAccount: '12060000000',
            amountOre,
            dueDate: '2025-03-01',
            endToEndId: `E2E-${uuid}`,
          });
        }
        return voucher.Id;
      };
      const toPay = await voucherWith(100_00, []);
      const waiting = await voucherWith(200_00, [PaymentStatus.FOR_APPROVE]);
      const sent = await voucherWith(300_00, [PaymentStatus.PROCESSING]);
      const paidByPayment = await voucherWith(400_00, [PaymentStatus.PAID]);
      const markedPaid = await voucherWith(500_00, [], true);
      const failedThenDropped = await voucherWith(600_00, [PaymentStatus.FAILED, PaymentStatus.IGNORED]);
      const credit = await voucherWith(-100_00, []);

      const list = async (paymentState?: number) => {
        const query = new URLSearchParams({
          companyId: String(context.companyId),
          keyword: tag,
          sortBy: 'Id',
          sortType: 'asc',
          ...(paymentState === undefined ? {} : { paymentState: String(paymentState) }),
        });
        const response = await context.call('GET', `/api/main/voucher/list?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return ListVouchersReply.parse(response.json()).data.rows;
      };
      const all = await list();
      expect(all.map((voucher) => [voucher.Id, voucher.PaymentStatus])).toEqual([
        [toPay, null],
        [waiting, PaymentStatus.FOR_APPROVE],
        [sent, PaymentStatus.PROCESSING],
        [paidByPayment, PaymentStatus.PAID],
        [markedPaid, null],
        [failedThenDropped, PaymentStatus.IGNORED],
        [credit, null],
      ]);
      const ids = async (state: number) => (await list(state)).map((voucher) => voucher.Id);
      expect(await ids(VoucherPaymentState.TO_PAY)).toEqual([toPay, failedThenDropped]);
      expect(await ids(VoucherPaymentState.ON_PAYMENT_LIST)).toEqual([waiting, sent]);
      expect(await ids(VoucherPaymentState.PAID)).toEqual([paidByPayment, markedPaid]);
      expect(await ids(VoucherPaymentState.ANY)).toHaveLength(7);

      const detail = await context.call('GET', `/api/main/voucher/${waiting}?companyId=${context.companyId}`);
      expect(detail.json().data.PaymentStatus).toBe(PaymentStatus.FOR_APPROVE);
      const refused = await context.call(
        'GET',
        `/api/main/voucher/list?companyId=${context.companyId}&paymentState=2`,
      );
      expect(refused.statusCode).toBe(400);
    });
  });

  describe('company scoping and roles', () => {
    it('gives a user of another company 404 and no data on every voucher call', async () => {
      const [created] = (await upload([{ name: 'g.png', bytes: await receiptPng() }])).json().data;
      const fileId = created.Files[0].Id;
      const calls = [
        { method: 'GET' as const, url: `/api/main/voucher/list?companyId=${context.companyId}` },
        { method: 'GET' as const, url: `/api/main/voucher/fetchAll?companyId=${context.companyId}` },
        {
          method: 'GET' as const,
          url: `/api/main/voucher/statistics?companyId=${context.companyId}&year=2025`,
        },
        { method: 'GET' as const, url: `/api/main/voucher/month?companyId=${context.companyId}&year=2025` },
        { method: 'GET' as const, url: `/api/main/voucher/years?companyId=${context.companyId}` },
        { method: 'GET' as const, url: `/api/main/voucher/getMissingSummary?companyId=${context.companyId}` },
        {
          method: 'GET' as const,
          url: `/api/main/voucher/getVoucherBalance?companyId=${context.companyId}&voucherId=${created.Id}`,
        },
        {
          method: 'GET' as const,
          url: `/api/main/voucher/v2/balances/${created.Id}?companyId=${context.companyId}`,
        },
        { method: 'GET' as const, url: `/api/main/voucher/${created.Id}?companyId=${context.companyId}` },
        { method: 'GET' as const, url: `/api/main/voucherLabels/${context.companyId}` },
        { method: 'GET' as const, url: `/api/main/file/download/${fileId}?companyId=${context.companyId}` },
        {
          method: 'PUT' as const,
          url: `/api/main/voucher/${created.Id}`,
          payload: { companyId: context.companyId, supplierName: 'Hacked' },
        },
        { method: 'DELETE' as const, url: `/api/main/voucher/${created.Id}?companyId=${context.companyId}` },
        {
          method: 'POST' as const,
          url: '/api/main/voucher/delete-list',
          payload: { companyId: context.companyId, ids: [created.Id] },
        },
        {
          method: 'POST' as const,
          url: '/api/main/voucher/v2/balances/add',
          payload: { companyId: context.companyId, voucherId: created.Id, amountOre: 1 },
        },
        {
          method: 'POST' as const,
          url: `/api/main/voucher/v2/balances/remove/${created.Id}/1?companyId=${context.companyId}`,
        },
        {
          method: 'POST' as const,
          url: '/api/main/voucher/missing',
          payload: { companyId: context.companyId, bankTransactionId: 5 },
        },
      ];
      for (const call of calls) {
        const response = await context.app.inject({ ...call, headers: bearer(context.outsiderSession) });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(response.json().code).toBe(ErrorCode.COMPANY_NOT_FOUND);
        expect(response.body).not.toContain('g.png');
      }
      const outsiderUpload = await upload(
        [{ name: 'x.pdf', bytes: pdfBytes }],
        context.outsiderSession,
        context.companyId,
      );
      expect(outsiderUpload.statusCode).toBe(404);
      const stillThere = (await get(`/api/main/voucher/${created.Id}?companyId=${context.companyId}`)).json()
        .data;
      expect(stillThere.SupplierName).toBeNull();
    });

    it('answers a company that does not exist like one the user may not see', async () => {
      const response = await get('/api/main/voucher/list?companyId=2147483000');
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(ErrorCode.COMPANY_NOT_FOUND);
    });

    it("says 'Company ID is missing' when a call names no company", async () => {
      const response = await get('/api/main/voucher/list');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: ErrorCode.COMPANY_ID_MISSING,
        message: 'Company ID is missing',
      });
    });

    it('lets only administrators list vouchers across companies', async () => {
      const refused = await get('/api/main/voucher/fetchAdminVoucher');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(ErrorCode.ADMIN_ONLY);
      const admin = await login(context.app, (await givenUser(context.db, { roleId: RoleId.ADMIN })).email);
      const all = (await get('/api/main/voucher/fetchAdminVoucher?pageSize=200', admin)).json().data;
      const companyIds = new Set(all.rows.map((row: { CompanyId: number }) => row.CompanyId));
      expect(companyIds.size).toBeGreaterThan(1);
      expect(all.rows[0]).toHaveProperty('CompanyName');
    });
  });
});

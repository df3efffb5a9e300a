import { Readable } from 'node:stream';
import { ErrorCode } from '@bilag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, givenBankAccount, givenTenantApp, givenTransaction, type TenantApp } from '../test/fixtures';
import { translate } from './messages';

const MB = 1024 * 1024;
const BOUNDARY = 'bilaglimitsboundary';
const CHUNK = Buffer.alloc(16 * 1024, 0x41);

type Segment = Buffer | { filler: number };

/**
 * A multipart body generated as the server pulls it, so a test can tell how much of it was read
 * (and an endless upload costs the test no memory).
 */
function streamedForm(fields: Record<string, string>, files: { name: string; bytes: number }[]) {
  const segments: Segment[] = [];
  for (const [name, value] of Object.entries(fields))
    segments.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    segments.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      { filler: file.bytes },
      Buffer.from('\r\n'),
    );
  }
  segments.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const length = segments.reduce(
    (sum, segment) => sum + (Buffer.isBuffer(segment) ? segment.length : segment.filler),
    0,
  );
  let pulled = 0;
  async function* generate() {
    for (const segment of segments) {
      if (Buffer.isBuffer(segment)) {
        pulled += segment.length;
        yield segment;
        continue;
      }
      for (let sent = 0; sent < segment.filler; sent += CHUNK.length) {
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, segment.filler - sent));
        pulled += chunk.length;
        yield chunk;
      }
    }
  }
  return {
    payload: Readable.from(generate()),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    length,
    pulled: () => pulled,
  };
}

/** A JSON or form body sent in chunks without a length, as a proxy or a script may send it. */
function chunked(text: string) {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < text.length; offset += CHUNK.length)
        yield Buffer.from(text.slice(offset, offset + CHUNK.length));
    })(),
  );
}

/** The refusal of a body past a limit of so many megabytes, which it names. */
const tooLarge = (megabytes: number) => ({
  code: ErrorCode.PAYLOAD_TOO_LARGE,
  message: translate('en', 'payloadTooLarge', { megabytes }),
});
const notAccepted = {
  code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  message: translate('en', 'unsupportedMediaType'),
};

describe('request bodies', () => {
  let context: TenantApp;
  let accountId: number;

  beforeAll(async () => {
    context = await givenTenantApp();
    accountId = (await givenBankAccount(context.app, context.session, context.companyId)).Id;
  });
  afterAll(() => context.close());

  describe('multipart on a call that takes no uploads', () => {
    it.each(['/api/account/check-login', '/api/account/refresh-token', '/api/log'])(
      'is refused on the public call %s without reading the files',
      async (url) => {
        const form = streamedForm({ email: 'a@example.no', password: 'x' }, [
          { name: 'big.pdf', bytes: 50 * MB },
        ]);
        const response = await context.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': form.contentType, language: 'en' },
          payload: form.payload,
        });
        expect(response.statusCode).toBe(415);
        expect(response.json()).toMatchObject({ isSuccess: false, ...notAccepted });
        expect(form.pulled()).toBeLessThan(MB);
      },
    );

    it('is refused on a signed-in call whose declaration consumes JSON only', async () => {
      const form = streamedForm({ companyId: String(context.companyId) }, [
        { name: 'big.pdf', bytes: 50 * MB },
      ]);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/main/company-banks/add',
        headers: { ...bearer(context.session), 'content-type': form.contentType, language: 'en' },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject(notAccepted);
      expect(form.pulled()).toBeLessThan(MB);
    });
    it('is answered as not found at an address that does not exist', async () => {
      const form = streamedForm({}, [{ name: 'big.pdf', bytes: 50 * MB }]);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/main/no-such-call',
        headers: { 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(404);
      expect(form.pulled()).toBeLessThan(MB);
    });
  });

  describe('multipart on an upload call', () => {
    it('is not read before the caller is signed in', async () => {
      const form = streamedForm({ companyId: String(context.companyId) }, [
        { name: 'big.pdf', bytes: 50 * MB },
      ]);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/main/voucher/addByWeb',
        headers: { 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(401);
      expect(form.pulled()).toBeLessThan(MB);
    });

    it("is refused by its declared length past the route's limit, before any of it is read", async () => {
      // Two files of 15 MB: each within the 20 MB file limit, 30 MB where the call takes 25 MB.
      const form = streamedForm({ companyId: String(context.companyId) }, [
        { name: 'one.pdf', bytes: 15 * MB },
        { name: 'two.pdf', bytes: 15 * MB },
      ]);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/main/voucher/addByWeb',
        headers: {
          ...bearer(context.session),
          'content-type': form.contentType,
          'content-length': String(form.length),
          language: 'en',
        },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        isSuccess: false,
        code: ErrorCode.PAYLOAD_TOO_LARGE,
        message: 'The upload is larger than 25 MB.',
      });
      expect(response.headers.connection).toBe('close');
      expect(form.pulled()).toBeLessThan(MB);
    });

    it("is counted as it arrives when it has no length, and refused past the route's limit", async () => {
      // Fifteen files of 2 MB: under the file limit and the file count, 30 MB in all.
      const files = Array.from({ length: 15 }, (_, index) => ({ name: `${index}.pdf`, bytes: 2 * MB }));
      const form = streamedForm({ companyId: String(context.companyId) }, files);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/main/voucher/addByWeb',
        headers: { ...bearer(context.session), 'content-type': form.contentType, language: 'en' },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject(tooLarge(25));
      // Reading stops at the limit (25 MB) instead of taking the whole body.
      expect(form.pulled()).toBeLessThan(26 * MB);
      const listed = await context.call('GET', `/api/main/voucher/list?companyId=${context.companyId}`);
      expect(listed.json().data.total).toBe(0);
    });

    it('names the file and the limit when one file is larger than a file may be, in the person’s language', async () => {
      for (const [language, message] of [
        ['en', 'The file "scan.pdf" is larger than 20 MB.'],
        ['no', 'Filen «scan.pdf» er større enn 20 MB.'],
      ] as const) {
        const form = streamedForm({ companyId: String(context.companyId) }, [
          { name: 'scan.pdf', bytes: 21 * MB },
        ]);
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/main/voucher/addByWeb',
          headers: { ...bearer(context.session), 'content-type': form.contentType, language },
          payload: form.payload,
        });
        expect(response.statusCode).toBe(413);
        expect(response.json()).toMatchObject({ code: ErrorCode.PAYLOAD_TOO_LARGE, message });
      }
    });

    it('is refused past the limit of a statement import, whose files go to disk', async () => {
      const form = streamedForm({ companyId: String(context.companyId), companyBankId: String(accountId) }, [
        { name: 'one.csv', bytes: 110 * MB },
        { name: 'two.csv', bytes: 110 * MB },
      ]);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/main/transactions/import',
        headers: {
          ...bearer(context.session),
          'content-type': form.contentType,
          'content-length': String(form.length),
          language: 'no',
        },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(413);
      // The limit a person can act on is the file's: the call's body limit only adds room for the form.
      expect(response.json()).toMatchObject({
        code: ErrorCode.PAYLOAD_TOO_LARGE,
        message: 'Opplastingen er større enn 200 MB.',
      });
      expect(form.pulled()).toBeLessThan(MB);
    });
  });

  describe('JSON and url-encoded bodies on an upload call', () => {
    const largeNote = 'x'.repeat(2 * MB);

    async function transactionId() {
      const transaction = await givenTransaction(context.app, context.session, context.companyId, accountId);
      return transaction.Id;
    }

    it('keeps the 1 MB limit for JSON although the call takes larger uploads', async () => {
      const id = await transactionId();
      const response = await context.app.inject({
        method: 'PUT',
        url: `/api/main/transactions/${id}`,
        headers: { ...bearer(context.session), language: 'en' },
        payload: { companyId: context.companyId, note: largeNote },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject(tooLarge(1));
    });

    it('keeps the 1 MB limit for JSON sent without a length', async () => {
      const id = await transactionId();
      const response = await context.app.inject({
        method: 'PUT',
        url: `/api/main/transactions/${id}`,
        headers: { ...bearer(context.session), 'content-type': 'application/json' },
        payload: chunked(JSON.stringify({ companyId: context.companyId, note: largeNote })),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject(tooLarge(1));
    });

    it('keeps the 1 MB limit for url-encoded forms', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/main/voucher/missing',
        headers: { ...bearer(context.session), 'content-type': 'application/x-www-form-urlencoded' },
        payload: `companyId=${context.companyId}&note=${largeNote}`,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject(tooLarge(1));
    });

    it('names the limit of a call that takes no uploads when its body is too large', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/log',
        headers: { language: 'en' },
        payload: { level: 'info', message: 'x'.repeat(2 * MB) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject(tooLarge(1));
    });

    it('still takes a small JSON body there', async () => {
      const id = await transactionId();
      const response = await context.app.inject({
        method: 'PUT',
        url: `/api/main/transactions/${id}`,
        headers: bearer(context.session),
        payload: { companyId: context.companyId, note: 'Kaffe til møtet' },
      });
      expect(response.statusCode).toBe(200);
    });
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ErrorCode,
  LANGUAGE_HEADER,
  TUTORIAL_CAPTION_LANGUAGES,
  TUTORIAL_NAMES,
  TutorialAccess,
  TutorialVideo,
} from '@bilag/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { bearer, givenTenancy } from '../../test/fixtures';
import { createTestApp } from '../../test/test-app';
import { createTutorialAccess } from './tutorial-access';

const PASSWORD = 'bilag-demo';
const TOKEN_TTL_SECONDS = 600;
const ATTEMPTS_PER_MINUTE = 4;
/** A recording of known bytes, so every range can be checked byte for byte. */
const VIDEO = Buffer.from(Array.from({ length: 10_000 }, (_, index) => (index * 7) % 256));
const CAPTIONS_EN = 'WEBVTT\n\n00:00.000 --> 00:04.000\nOpen the vouchers\n';
const CAPTIONS_NO = 'WEBVTT\n\n00:00.000 --> 00:04.000\nÅpne bilagene\n';
const EXTERNAL_URL = 'https://videos.example.no/bilag/invoice-web.webm';

let context: Awaited<ReturnType<typeof createTestApp>>;
let directory: string;
/** Each test asks from an address of its own, so the per-address limit of one never reaches another. */
let nextAddress = 1;

function freshAddress(): string {
  nextAddress += 1;
  return `10.0.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`;
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'bilag-tutorials-'));
  writeFileSync(path.join(directory, 'overview.webm'), VIDEO);
  writeFileSync(path.join(directory, 'overview.en.vtt'), CAPTIONS_EN);
  writeFileSync(path.join(directory, 'overview.no.vtt'), CAPTIONS_NO);
  writeFileSync(path.join(directory, 'android.webm'), VIDEO.subarray(0, 500));
  // Beside the recordings, as a file a traversal would be after.
  writeFileSync(path.join(directory, '..', `${path.basename(directory)}-secret.txt`), 'Hemmelig');
  context = await createTestApp({
    tutorials: {
      password: PASSWORD,
      tokenTtlSeconds: TOKEN_TTL_SECONDS,
      passwordAttemptsPerMinute: ATTEMPTS_PER_MINUTE,
      directory,
      videoUrls: { 'invoice-web': EXTERNAL_URL },
    },
  });
});
afterAll(async () => {
  await context?.close();
  rmSync(directory, { recursive: true, force: true });
  rmSync(path.join(directory, '..', `${path.basename(directory)}-secret.txt`), { force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

function checkPassword(password: unknown, options: Partial<InjectOptions> = {}) {
  return context.app.inject({
    method: 'POST',
    url: '/api/account/users/check-password',
    payload: { password },
    remoteAddress: freshAddress(),
    ...options,
  });
}

async function givenToken(): Promise<string> {
  const response = await checkPassword(PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  return TutorialAccess.parse(response.json().data).token;
}

function get(url: string, headers: Record<string, string> = {}) {
  return context.app.inject({ method: 'GET', url, headers });
}

describe('the tutorial password', () => {
  it('answers a token for the right password, for as long as the configuration says', async () => {
    const response = await checkPassword(PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const access = TutorialAccess.parse(response.json().data);
    expect(access.expiresIn).toBe(TOKEN_TTL_SECONDS);
    expect(access.token.split('.')).toHaveLength(3);
  });

  it('leaves out the spaces a person types, as the prompt does', async () => {
    const response = await checkPassword(' bilag - demo ');
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a wrong password with 401 and says so in the language of the call', async () => {
    const english = await checkPassword('bilag-demo2');
    expect(english.statusCode).toBe(401);
    expect(english.json()).toMatchObject({
      isSuccess: false,
      code: ErrorCode.INVALID_CREDENTIALS,
      message: 'The password for the tutorial videos is wrong.',
    });
    expect(english.body).not.toContain('token');
    const norwegian = await checkPassword('BILAG-DEMO', { headers: { [LANGUAGE_HEADER]: 'no' } });
    expect(norwegian.statusCode).toBe(401);
    expect(norwegian.json().message).toBe('Passordet til opplæringsvideoene er feil.');
  });

  it('refuses an empty password, NUL and overlong text as invalid input', async () => {
    for (const password of ['', '   ', 'bilag\u0000demo', 'x'.repeat(201), 42, null]) {
      const response = await checkPassword(password);
      expect(response.statusCode, JSON.stringify(password)).toBe(400);
      expect(response.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    }
  });

  it('limits the attempts per address, the right password included, while other addresses go on', async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < ATTEMPTS_PER_MINUTE; attempt += 1) {
      const response = await checkPassword(`wrong-${attempt}`, { remoteAddress: address });
      expect(response.statusCode).toBe(401);
    }
    const limited = await checkPassword(PASSWORD, { remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ isSuccess: false, code: ErrorCode.RATE_LIMITED });
    expect(limited.body).not.toContain('token');
    const elsewhere = await checkPassword(PASSWORD);
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('the tutorial token', () => {
  it('opens a tutorial: its built-in recording with the captions there are', async () => {
    const token = await givenToken();
    const response = await get(`/api/account/tutorials/overview?token=${token}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(TutorialVideo.parse(response.json().data)).toEqual({
      name: 'overview',
      externalUrl: null,
      captionLanguages: ['en', 'no'],
    });
    const android = await get(`/api/account/tutorials/android?token=${token}`);
    expect(android.json().data.captionLanguages).toEqual([]);
  });

  it('answers 401 without a token, with a forged one, and with an access token of the API', async () => {
    const token = await givenToken();
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const tenancy = await givenTenancy(context);
    for (const url of [
      '/api/account/tutorials/overview',
      '/api/account/tutorials/overview/video',
      '/api/account/tutorials/overview/captions/en',
      `/api/account/tutorials/overview?token=${forged}`,
      `/api/account/tutorials/overview/video?token=${forged}`,
      `/api/account/tutorials/overview?token=${tenancy.session.AccessToken}`,
      '/api/account/tutorials/overview/video?token=not-a-token',
    ]) {
      const response = await get(url, bearer(tenancy.session));
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ isSuccess: false, code: ErrorCode.UNAUTHENTICATED });
      expect(response.headers['content-type'], url).toContain('application/json');
    }
    const norwegian = await get('/api/account/tutorials/overview', { [LANGUAGE_HEADER]: 'no' });
    expect(norwegian.json().message).toBe('Skriv inn passordet for å se opplæringsvideoene.');
  });

  it('stops opening the videos once the token has expired, and says the password is needed again', async () => {
    const token = await givenToken();
    const url = `/api/account/tutorials/overview/video?token=${token}`;
    expect((await get(url)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (TOKEN_TTL_SECONDS - 30) * 1000);
    expect((await get(url)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 60 * 1000);
    const expired = await get(url);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      code: ErrorCode.UNAUTHENTICATED,
      message: 'Your access to the tutorial videos has expired. Enter the password again.',
    });
  });

  it('ends the tokens given for a password once the password is changed', async () => {
    const before = createTutorialAccess('signing-key-'.padEnd(48, 'x'), {
      password: 'old-password',
      tokenTtlSeconds: 600,
    });
    const after = createTutorialAccess('signing-key-'.padEnd(48, 'x'), {
      password: 'new-password',
      tokenTtlSeconds: 600,
    });
    const { token } = await before.grant('old-password');
    await expect(before.require(token)).resolves.toBeUndefined();
    await expect(after.require(token)).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
    await expect(after.grant('old-password')).rejects.toMatchObject({ code: ErrorCode.INVALID_CREDENTIALS });
  });
});

describe('the tutorial videos', () => {
  it('streams the whole recording as video/webm, saying it takes byte ranges and may not be kept', async () => {
    const token = await givenToken();
    const response = await get(`/api/account/tutorials/overview/video?token=${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/webm');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(Number(response.headers['content-length'])).toBe(VIDEO.length);
    expect(String(response.headers['cache-control'])).toContain('no-store');
    expect(response.rawPayload.equals(VIDEO)).toBe(true);
  });

  it('answers a byte range with 206 and exactly those bytes, so the player can seek', async () => {
    const token = await givenToken();
    const url = `/api/account/tutorials/overview/video?token=${token}`;
    const middle = await get(url, { range: 'bytes=1000-1999' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${VIDEO.length}`);
    expect(middle.headers['content-type']).toBe('video/webm');
    expect(middle.rawPayload.equals(VIDEO.subarray(1000, 2000))).toBe(true);
    const tail = await get(url, { range: 'bytes=9900-' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(VIDEO.subarray(9900))).toBe(true);
    const last = await get(url, { range: 'bytes=-10' });
    expect(last.statusCode).toBe(206);
    expect(last.rawPayload.equals(VIDEO.subarray(VIDEO.length - 10))).toBe(true);
  });

  it('refuses a range beyond the end with 416 in the envelope, not a 500', async () => {
    const token = await givenToken();
    const response = await get(`/api/account/tutorials/overview/video?token=${token}`, {
      range: 'bytes=20000-30000',
    });
    expect(response.statusCode).toBe(416);
    expect(response.json()).toMatchObject({ isSuccess: false });
  });

  it('serves the captions in each language as WebVTT', async () => {
    const token = await givenToken();
    const english = await get(`/api/account/tutorials/overview/captions/en?token=${token}`);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/vtt');
    expect(english.body).toBe(CAPTIONS_EN);
    const norwegian = await get(`/api/account/tutorials/overview/captions/no?token=${token}`);
    expect(norwegian.body).toBe(CAPTIONS_NO);
  });

  it('answers 404 for a tutorial that has no recording, and for captions it lacks', async () => {
    const token = await givenToken();
    for (const url of [
      `/api/account/tutorials/pay-dnb-android?token=${token}`,
      `/api/account/tutorials/pay-dnb-android/video?token=${token}`,
      `/api/account/tutorials/android/captions/no?token=${token}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({
        code: ErrorCode.NOT_FOUND,
        message: 'This tutorial video is not available yet.',
      });
    }
  });

  it('refuses names that try to step out of the recordings folder, serving nothing', async () => {
    const token = await givenToken();
    const secret = `${path.basename(directory)}-secret.txt`;
    for (const name of [
      `..%2F${secret}`,
      '..%2F..%2F..%2Fpackage.json',
      '%2e%2e',
      'overview.webm',
      'overview%00',
      '..',
      '%2Fetc%2Fpasswd',
    ]) {
      for (const url of [
        `/api/account/tutorials/${name}/video?token=${token}`,
        `/api/account/tutorials/overview/captions/${name}?token=${token}`,
      ]) {
        const response = await get(url);
        expect([400, 404], `${url} answered ${response.statusCode}`).toContain(response.statusCode);
        expect(response.body).not.toContain('Hemmelig');
        expect(response.body).not.toContain('"name"');
        expect(response.headers['content-type'] ?? '').toContain('application/json');
      }
    }
  });

  it('plays a tutorial from the configured address instead, which the page policy lets load', async () => {
    const token = await givenToken();
    const response = await get(`/api/account/tutorials/invoice-web?token=${token}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      name: 'invoice-web',
      externalUrl: EXTERNAL_URL,
      captionLanguages: [],
    });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("media-src 'self' https://videos.example.no");
  });
});

describe('the built-in recordings', () => {
  const builtIn = loadConfig({ NODE_ENV: 'test' }).tutorials.directory;
  const MAX_TOTAL_BYTES = 3.2 * 1024 * 1024;

  it('hold a small WebM recording and captions in both languages for every tutorial', () => {
    let total = 0;
    for (const name of TUTORIAL_NAMES) {
      const video = readFileSync(path.join(builtIn, `${name}.webm`));
      // The EBML header every Matroska/WebM file begins with.
      expect(video.subarray(0, 4).toString('hex'), name).toBe('1a45dfa3');
      expect(video.includes(Buffer.from('webm')), name).toBe(true);
      total += video.length;
      for (const language of TUTORIAL_CAPTION_LANGUAGES) {
        const captions = readFileSync(path.join(builtIn, `${name}.${language}.vtt`), 'utf8');
        expect(captions.startsWith('WEBVTT'), `${name}.${language}.vtt`).toBe(true);
        expect(captions.match(/-->/g)?.length ?? 0, `${name}.${language}.vtt`).toBeGreaterThanOrEqual(3);
      }
    }
    expect(total).toBeLessThan(MAX_TOTAL_BYTES);
    const strays = readdirSync(builtIn).filter(
      (file) =>
        !/^[a-z0-9-]+\.(webm|(en|no)\.vtt)$/.test(file) || statSync(path.join(builtIn, file)).size === 0,
    );
    expect(strays).toEqual([]);
  });
});

describe('the tutorial settings', () => {
  it('default to the demo password and the built-in recordings', () => {
    const { tutorials } = loadConfig({ NODE_ENV: 'test' });
    expect(tutorials.password).toBe('bilag-demo');
    expect(tutorials.videoUrls).toEqual({});
    expect(tutorials.directory.endsWith(path.join('apps', 'server', 'tutorials'))).toBe(true);
  });

  it('read an address per video, and refuse a password with spaces or an address that is not http', () => {
    const { tutorials } = loadConfig({
      TUTORIAL_PASSWORD: 'Hemmelig-2026',
      TUTORIAL_VIDEO_URL_PAY_SP1_ANDROID: 'https://videos.example.no/sp1.webm',
    });
    expect(tutorials.password).toBe('Hemmelig-2026');
    expect(tutorials.videoUrls).toEqual({ 'pay-sp1-android': 'https://videos.example.no/sp1.webm' });
    expect(() => loadConfig({ TUTORIAL_PASSWORD: 'two words' })).toThrow(/TUTORIAL_PASSWORD/);
    expect(() => loadConfig({ TUTORIAL_VIDEO_URL_OVERVIEW: 'javascript:alert(1)' })).toThrow(
      /TUTORIAL_VIDEO_URL_OVERVIEW/,
    );
  });
});

import { ErrorCode, RoleId, SessionMessage } from '@bilag/contracts';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../platform/app-setting.table';
import { bearer, givenUser, login, TEST_PASSWORD } from '../../test/fixtures';
import { createTestApp } from '../../test/test-app';
import { loginFailures } from './user.table';

describe('account service', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    context = await createTestApp({ loginMaxFailures: 3 });
  });
  afterAll(() => context.close());

  describe('sign in', () => {
    it('returns an access token, a refresh token, the role and the user for the right password', async () => {
      const user = await givenUser(context.db, { roleId: RoleId.CEO });
      const session = await login(context.app, user.email.toUpperCase());
      expect(session.RoleId).toBe(RoleId.CEO);
      expect(session.User).toMatchObject({ Id: user.id, Email: user.email, Language: 'en' });
      expect(session.AccessToken.split('.')).toHaveLength(3);
      expect(session.RefreshToken.length).toBeGreaterThan(30);
    });

    it('refuses a wrong password with the same message as an unknown email, in the caller language', async () => {
      const user = await givenUser(context.db);
      const wrongPassword = await context.app.inject({
        method: 'POST',
        url: '/api/account/check-login',
        headers: { language: 'no' },
        payload: { email: user.email, password: 'wrong' },
      });
      const unknownEmail = await context.app.inject({
        method: 'POST',
        url: '/api/account/check-login',
        headers: { language: 'no' },
        payload: { email: 'nobody@example.no', password: 'wrong' },
      });
      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({
        isSuccess: false,
        success: false,
        code: ErrorCode.INVALID_CREDENTIALS,
        message: 'E-postadressen eller passordet er feil.',
      });
      expect(unknownEmail.json()).toEqual(wrongPassword.json());
    });

    it('locks the email after repeated wrong passwords, even for the right password', async () => {
      const user = await givenUser(context.db);
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/account/check-login',
          payload: { email: user.email, password: `wrong-${attempt}` },
        });
        expect(response.statusCode).toBe(401);
      }
      const locked = await context.app.inject({
        method: 'POST',
        url: '/api/account/check-login',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({
        code: ErrorCode.TOO_MANY_ATTEMPTS,
        message: expect.stringContaining('15 minutes'),
      });
    });

    it('answers a malformed request with 400 and the fields at fault, not 500', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/account/check-login',
        payload: { email: 'not-an-email' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        message: 'Some of the information sent is not valid.',
      });
      const fields = response.json().data.map((issue: { field: string }) => issue.field);
      expect(fields).toEqual(expect.arrayContaining(['body.email', 'body.password']));
    });

    it('answers broken JSON with 400', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/account/check-login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ isSuccess: false, success: false });
    });
  });

  describe('protected calls', () => {
    it('tells who is signed in', async () => {
      const user = await givenUser(context.db);
      const session = await login(context.app, user.email);
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/account/check-login',
        headers: bearer(session),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ Id: user.id, Email: user.email });
    });

    it('asks for sign-in when no token is sent', async () => {
      const response = await context.app.inject({ method: 'GET', url: '/api/account/check-login' });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(ErrorCode.UNAUTHENTICATED);
    });

    it('answers a forged token with the message Invalid Token', async () => {
      const forged = await new SignJWT({ role: RoleId.ADMIN, sid: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('bilag')
        .setAudience('bilag-api')
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode('a-secret-that-is-not-the-servers-secret'));
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/account/check-login',
        headers: { authorization: `Bearer ${forged}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        message: SessionMessage.INVALID_TOKEN,
        code: ErrorCode.INVALID_TOKEN,
      });
    });

    it('answers an expired access token with the message Token Expired, so the client offers a refresh', async () => {
      const user = await givenUser(context.db);
      const session = await login(context.app, user.email);
      const [key] = await context.db
        .select()
        .from(appSettings)
        .where(eq(appSettings.key, 'token_signing_key'));
      const claims = JSON.parse(Buffer.from(session.AccessToken.split('.')[1] ?? '', 'base64url').toString());
      const expired = await new SignJWT({ role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('bilag')
        .setAudience('bilag-api')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(key?.value));
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/account/check-login',
        headers: { authorization: `Bearer ${expired}`, language: 'no' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        message: SessionMessage.TOKEN_EXPIRED,
        code: ErrorCode.ACCESS_TOKEN_EXPIRED,
      });
      expect(response.json().errorType).toBeUndefined();
    });
  });

  describe('refresh and sign out', () => {
    it('rotates the refresh token: the new pair works', async () => {
      const user = await givenUser(context.db);
      const session = await login(context.app, user.email);
      const refreshed = await context.app.inject({
        method: 'POST',
        url: '/api/account/refresh-token',
        payload: { refreshToken: session.RefreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
      const body = refreshed.json();
      expect(body.isSuccess).toBe(true);
      expect(body.data.refreshToken).not.toBe(session.RefreshToken);
      const check = await context.app.inject({
        method: 'GET',
        url: '/api/account/check-login',
        headers: { authorization: `Bearer ${body.data.token}` },
      });
      expect(check.statusCode).toBe(200);
    });

    it('refuses a reused refresh token and ends the whole sign-in it belonged to', async () => {
      const user = await givenUser(context.db);
      const session = await login(context.app, user.email);
      const first = await context.app.inject({
        method: 'POST',
        url: '/api/account/refresh-token',
        payload: { refreshToken: session.RefreshToken },
      });
      const rotated = first.json().data;

      const reuse = await context.app.inject({
        method: 'POST',
        url: '/api/account/refresh-token',
        payload: { refreshToken: session.RefreshToken },
      });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toMatchObject({
        code: ErrorCode.REFRESH_TOKEN_REUSED,
        errorType: 'TOKEN_EXPIRED',
      });

      const thiefsNext = await context.app.inject({
        method: 'POST',
        url: '/api/account/refresh-token',
        payload: { refreshToken: rotated.refreshToken },
      });
      expect(thiefsNext.statusCode).toBe(401);
      const oldAccess = await context.app.inject({
        method: 'GET',
        url: '/api/account/check-login',
        headers: { authorization: `Bearer ${rotated.token}` },
      });
      expect(oldAccess.statusCode).toBe(401);
      expect(oldAccess.json().errorType).toBe('TOKEN_EXPIRED');
    });

    it('lets only one of two concurrent refreshes with the same token succeed', async () => {
      const user = await givenUser(context.db);
      const session = await login(context.app, user.email);
      const attempts = await Promise.all(
        [1, 2].map(() =>
          context.app.inject({
            method: 'POST',
            url: '/api/account/refresh-token',
            payload: { refreshToken: session.RefreshToken },
          }),
        ),
      );
      expect(attempts.filter((response) => response.statusCode === 200).length).toBeLessThanOrEqual(1);
    });

    it('refuses an unknown refresh token with the session-over error type, so the client logs out', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/account/refresh-token',
        payload: { refreshToken: 'never-issued' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ errorType: 'TOKEN_EXPIRED', code: ErrorCode.TOKEN_EXPIRED });
    });

    it('ends the sign-in on logout: access and refresh tokens stop working', async () => {
      const user = await givenUser(context.db);
      const session = await login(context.app, user.email);
      const logout = await context.app.inject({
        method: 'POST',
        url: '/api/account/logout',
        headers: bearer(session),
        payload: {},
      });
      expect(logout.statusCode).toBe(200);
      const check = await context.app.inject({
        method: 'GET',
        url: '/api/account/check-login',
        headers: bearer(session),
      });
      expect(check.statusCode).toBe(401);
      const refresh = await context.app.inject({
        method: 'POST',
        url: '/api/account/refresh-token',
        payload: { refreshToken: session.RefreshToken },
      });
      expect(refresh.statusCode).toBe(401);
    });
  });

  describe('user by token, language and role actions', () => {
    it('finds the user of a valid access token and refuses a bad one', async () => {
      const user = await givenUser(context.db);
      const session = await login(context.app, user.email);
      const found = await context.app.inject({
        method: 'GET',
        url: `/api/account/users/token/${session.AccessToken}`,
      });
      expect(found.statusCode).toBe(200);
      expect(found.json().data.Id).toBe(user.id);
      const bad = await context.app.inject({ method: 'GET', url: '/api/account/users/token/garbage' });
      expect(bad.statusCode).toBe(401);
    });

    it('finds the user of an access token sent in the body, so no URL carries it', async () => {
      const user = await givenUser(context.db);
      const session = await login(context.app, user.email);
      const found = await context.app.inject({
        method: 'POST',
        url: '/api/account/users/token',
        payload: { token: session.AccessToken },
      });
      expect(found.statusCode).toBe(200);
      expect(found.json().data).toMatchObject({ Id: user.id, Email: user.email });
      const bad = await context.app.inject({
        method: 'POST',
        url: '/api/account/users/token',
        payload: { token: 'garbage' },
      });
      expect(bad.statusCode).toBe(401);
      const missing = await context.app.inject({
        method: 'POST',
        url: '/api/account/users/token',
        payload: {},
      });
      expect(missing.statusCode).toBe(400);
    });

    it('stores the chosen language, answers in it, and reads gb as English', async () => {
      const user = await givenUser(context.db);
      const session = await login(context.app, user.email);
      const toNorwegian = await context.app.inject({
        method: 'POST',
        url: '/api/account/language',
        headers: bearer(session),
        payload: { language: 'no' },
      });
      expect(toNorwegian.json()).toMatchObject({ data: { language: 'no' }, message: 'Språket ble endret.' });
      const check = await context.app.inject({
        method: 'GET',
        url: '/api/account/check-login',
        headers: bearer(session),
      });
      expect(check.json().data.Language).toBe('no');

      const toBritish = await context.app.inject({
        method: 'POST',
        url: '/api/account/language',
        headers: bearer(session),
        payload: { language: 'gb' },
      });
      expect(toBritish.json().data.language).toBe('en');
    });

    it('refuses a language the product does not have', async () => {
      const user = await givenUser(context.db);
      const session = await login(context.app, user.email);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/account/language',
        headers: bearer(session),
        payload: { language: 'de' },
      });
      expect(response.statusCode).toBe(400);
    });

    it('accepts the language change as url-encoded form data, and refuses multipart where no files are taken', async () => {
      const user = await givenUser(context.db);
      const session = await login(context.app, user.email);
      const urlEncoded = await context.app.inject({
        method: 'POST',
        url: '/api/account/language',
        headers: { ...bearer(session), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'language=no',
      });
      expect(urlEncoded.json().data.language).toBe('no');
      const boundary = 'bilagboundary';
      const multipart = await context.app.inject({
        method: 'POST',
        url: '/api/account/language',
        headers: { ...bearer(session), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nen\r\n--${boundary}--\r\n`,
      });
      expect(multipart.statusCode).toBe(415);
      expect(multipart.json().code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
      const unchanged = await context.app.inject({
        method: 'GET',
        url: '/api/account/check-login',
        headers: bearer(session),
      });
      expect(unchanged.json().data.Language).toBe('no');
    });

    it('lists the actions of the role, with admin actions only for admins', async () => {
      const accountant = await login(
        context.app,
        (await givenUser(context.db, { roleId: RoleId.ACCOUNTANT })).email,
      );
      const admin = await login(context.app, (await givenUser(context.db, { roleId: RoleId.ADMIN })).email);
      const forAccountant = (
        await context.app.inject({
          method: 'GET',
          url: '/api/account/action/web',
          headers: bearer(accountant),
        })
      ).json();
      const forAdmin = (
        await context.app.inject({ method: 'GET', url: '/api/account/action/web', headers: bearer(admin) })
      ).json();
      expect(forAccountant.data).toMatchObject({ RoleId: RoleId.ACCOUNTANT, product: 'web' });
      expect(forAccountant.data.actions).toContain('voucher.view');
      expect(forAccountant.data.actions).not.toContain('admin.voucher.view');
      expect(forAdmin.data.actions).toContain('admin.voucher.view');
      const unknown = await context.app.inject({
        method: 'GET',
        url: '/api/account/action/other',
        headers: bearer(admin),
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('sign-in limits per source', () => {
    const signIn = (
      app: typeof context.app,
      remoteAddress: string,
      payload: { email: string; password: string },
      headers: Record<string, string> = {},
    ) => app.inject({ method: 'POST', url: '/api/account/check-login', remoteAddress, headers, payload });

    describe('the per-address rate limit', () => {
      let limited: Awaited<ReturnType<typeof createTestApp>>;
      beforeAll(async () => {
        limited = await createTestApp({ loginRequestsPerMinutePerIp: 3 });
      });
      afterAll(() => limited.close());

      it('ignores X-Forwarded-For from a peer that is not a trusted proxy: forged addresses share one bucket', async () => {
        const statuses: number[] = [];
        for (let attempt = 1; attempt <= 4; attempt++) {
          const response = await signIn(
            limited.app,
            '203.0.113.10',
            { email: `nobody-${attempt}@example.no`, password: 'wrong' },
            { 'x-forwarded-for': `198.51.100.${attempt}` },
          );
          statuses.push(response.statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 429]);
      });

      it('believes X-Forwarded-For from a proxy on loopback, the default trusted proxy', async () => {
        const statuses: number[] = [];
        for (let attempt = 1; attempt <= 4; attempt++) {
          const response = await signIn(
            limited.app,
            '127.0.0.1',
            { email: `nobody-${attempt}@example.no`, password: 'wrong' },
            { 'x-forwarded-for': `192.0.2.${attempt}` },
          );
          statuses.push(response.statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 401]);
      });
    });

    describe('the sign-in lock', () => {
      // The defaults: 5 failures per email and source in 15 minutes, 20 per email in an hour.
      let locking: Awaited<ReturnType<typeof createTestApp>>;
      beforeAll(async () => {
        locking = await createTestApp();
      });
      afterAll(() => locking.close());

      const backdateFailures = (email: string, minutes: number) =>
        locking.db
          .update(loginFailures)
          .set({ failedAt: sql`${loginFailures.failedAt} - make_interval(mins => ${minutes})` })
          .where(eq(loginFailures.email, email.toLowerCase()));

      it('locks the source that guessed wrong, not the person signing in from elsewhere, and tells the time left', async () => {
        const user = await givenUser(locking.db);
        for (let attempt = 0; attempt < 5; attempt++) {
          const wrong = await signIn(locking.app, '198.51.100.20', {
            email: user.email,
            password: `wrong-${attempt}`,
          });
          expect(wrong.statusCode).toBe(401);
        }
        const elsewhere = await signIn(locking.app, '203.0.113.30', {
          email: user.email,
          password: TEST_PASSWORD,
        });
        expect(elsewhere.statusCode).toBe(200);

        const fromGuesser = await signIn(locking.app, '198.51.100.20', {
          email: user.email,
          password: TEST_PASSWORD,
        });
        expect(fromGuesser.statusCode).toBe(429);
        expect(fromGuesser.json()).toMatchObject({
          code: ErrorCode.TOO_MANY_ATTEMPTS,
          message: expect.stringContaining('15 minutes'),
        });

        await backdateFailures(user.email, 10);
        const later = await signIn(locking.app, '198.51.100.20', {
          email: user.email,
          password: TEST_PASSWORD,
        });
        expect(later.statusCode).toBe(429);
        expect(later.json().message).toContain('5 minutes');

        await backdateFailures(user.email, 6);
        const afterLock = await signIn(locking.app, '198.51.100.20', {
          email: user.email,
          password: TEST_PASSWORD,
        });
        expect(afterLock.statusCode).toBe(200);
      });

      it('backs the email off across all sources when many addresses guess, and lets it in once the wait is over', async () => {
        const user = await givenUser(locking.db);
        for (let source = 1; source <= 20; source++) {
          const wrong = await signIn(locking.app, `198.51.100.${100 + source}`, {
            email: user.email,
            password: 'wrong',
          });
          expect(wrong.statusCode).toBe(401);
        }
        const fresh = await signIn(locking.app, '203.0.113.40', {
          email: user.email,
          password: TEST_PASSWORD,
        });
        expect(fresh.statusCode).toBe(429);
        expect(fresh.json()).toMatchObject({
          code: ErrorCode.TOO_MANY_ATTEMPTS,
          message: expect.stringContaining('in 1 minute.'),
        });

        await backdateFailures(user.email, 2);
        const afterWait = await signIn(locking.app, '203.0.113.40', {
          email: user.email,
          password: TEST_PASSWORD,
        });
        expect(afterWait.statusCode).toBe(200);
      });
    });
  });
});

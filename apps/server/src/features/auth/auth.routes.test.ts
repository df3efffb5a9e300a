import { ErrorCode, RoleId, SessionMessage } from '@bilag/contracts';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../platform/app-setting.table';
import { bearer, givenUser, login, TEST_PASSWORD } from '../../test/fixtures';
import { createTestApp } from '../../test/test-app';

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

    it('accepts the language change as url-encoded and as multipart form data', async () => {
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
      expect(multipart.statusCode).toBe(200);
      expect(multipart.json().data.language).toBe('en');
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
});

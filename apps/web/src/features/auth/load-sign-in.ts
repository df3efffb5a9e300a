let signInCode: Promise<typeof import('./sign-in')> | undefined;

/**
 * Signing in's code: the sign-in call, its schema and the session's start, with the contracts' schemas
 * they need. The sign-in page shows without it and asks for it once it shows, so it is there by the
 * time anyone submits; a failed load is tried again on the next ask.
 */
export function loadSignIn(): Promise<typeof import('./sign-in')> {
  signInCode ??= import('./sign-in').catch((error: unknown) => {
    signInCode = undefined;
    throw error;
  });
  return signInCode;
}

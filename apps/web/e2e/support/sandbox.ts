/** Where the sandbox the end-to-end server started answers (see e2e/server.mjs). */
export const SANDBOX_URL = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? '3211'}`;

/** The product under test, where the sandbox's pages send a person back to. */
export const PRODUCT_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`;

/** Where the sandbox's mail catcher takes mail over SMTP. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? '2626');

import { buildSandbox } from './app';

const port = Number(process.env.SANDBOX_PORT ?? 3001);
const app = buildSandbox();
await app.listen({ port, host: '127.0.0.1' });

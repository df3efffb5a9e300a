import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

export default defineConfig({
  ...base,
  testDir: process.env.SPEC_DIR ?? '../e2e/vouchers',
  outputDir: '/tmp/vouchers-i18n/results',
  webServer: undefined,
  use: { ...base.use, baseURL: 'http://127.0.0.1:3310' },
  projects: undefined,
});

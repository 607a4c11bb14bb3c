import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Each test launches its own app, catalog and ports; two workers suit a 2-core machine.
  workers: process.env['CI'] ? 2 : undefined,
  fullyParallel: true,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: process.env['CI'] ? [['list']] : [['list']],
  use: { trace: 'retain-on-failure' }
})

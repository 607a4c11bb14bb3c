// Playwright config of `npm run screenshots`: only the README screenshot walk, one worker.
import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: '../e2e',
  testMatch: 'readme-screenshots.shots.ts',
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']]
})

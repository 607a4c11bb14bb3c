import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The renderer's import alias, so its pure modules can be tested here too.
  resolve: { alias: { '@shared': resolve(import.meta.dirname, 'src/shared') } },
  test: {
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts', 'test-kit/**/*.test.ts', 'server/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // LanceDB and loopback servers do real I/O; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000
  }
})

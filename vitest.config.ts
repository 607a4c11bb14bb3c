import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    // LanceDB and loopback servers do real I/O; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000
  }
})

/**
 * Small TypeScript projects written to a temp folder, for the repository checks that read
 * a project's imports (scripts/import-cycles.mjs, scripts/import-layers.mjs): a tsconfig
 * with the renderer's `@shared/*` alias, and the files given. Removed after each test.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach } from 'vitest'

/** Writes the projects of one test file; call at its top level. */
export function useTempProjects(): (files: Readonly<Record<string, string>>) => string {
  const roots: string[] = []
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
  })
  return (files) => {
    const root = mkdtempSync(join(tmpdir(), 'lcb-project-'))
    roots.push(root)
    const tsconfig = {
      compilerOptions: { moduleResolution: 'Bundler', module: 'ESNext', baseUrl: '.', paths: { '@shared/*': ['src/shared/*'] } },
      include: ['src/**/*', 'server/**/*', 'test-kit/**/*', 'e2e/**/*', 'bench/**/*']
    }
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(tsconfig))
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true })
      writeFileSync(join(root, file), text)
    }
    return root
  }
}

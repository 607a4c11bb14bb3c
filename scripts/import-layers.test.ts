/**
 * The layer check of `npm run lint`, on small projects written to a temp dir, and on this
 * repository: product code may not import test code (the test kit, e2e, benches, tests),
 * the server may not import the main process, the catalog library may not import either.
 */
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempProjects } from '../test-kit/temp-project'
// @ts-expect-error: a plain ES module script without type declarations
import { importGraph } from './import-cycles.mjs'
// @ts-expect-error: a plain ES module script without type declarations
import { layerViolations } from './import-layers.mjs'

const project = useTempProjects()

function violations(files: Record<string, string>): string[] {
  return layerViolations(importGraph(project(files), ['tsconfig.json']))
}

describe('import layers', () => {
  it.each([
    ['the test kit', 'test-kit/catalogs.ts'],
    ['e2e', 'e2e/support.ts'],
    ['a benchmark', 'bench/figures.ts'],
    ['a test', 'src/main/other.test.ts']
  ])('fails a product file that imports %s', (_what, testFile) => {
    const from = `../../${testFile.replace(/\.ts$/, '')}`.replace('../../src/main/', './')
    expect(
      violations({
        [testFile]: 'export const helper = 1\n',
        'src/main/app.ts': `import { helper } from '${from}'\nexport const app = helper\n`
      })
    ).toEqual([`src/main/app.ts -> ${testFile}: product code (main) imports test code`])
  })

  it('fails the server importing the main process, and the catalog importing either', () => {
    expect(
      violations({
        'src/main/registry.ts': 'export const registry = 1\n',
        'server/routes.ts': "import { registry } from '../src/main/registry'\nexport const routes = registry\n",
        'src/catalog/client.ts': "import { routes } from '../../server/routes'\nexport const client = routes\n"
      })
    ).toEqual([
      'server/routes.ts -> src/main/registry.ts: server may import only catalog and shared, not main',
      'src/catalog/client.ts -> server/routes.ts: catalog may import only shared, not server'
    ])
  })

  it('passes imports that go down, and tests and the test kit that reach anything', () => {
    expect(
      violations({
        'src/shared/names.ts': 'export const names = 1\n',
        'src/catalog/client.ts': "import { names } from '../shared/names'\nexport const client = names\n",
        'src/main/registry.ts': "import { client } from '../catalog/client'\nexport const registry = client\n",
        'server/routes.ts': "import { client } from '../src/catalog/client'\nexport const routes = client\n",
        'server/routes.test.ts': "import { registry } from '../src/main/registry'\nimport { kit } from '../test-kit/kit'\nexport const t = [registry, kit]\n",
        'test-kit/kit.ts': "import { routes } from '../server/routes'\nexport const kit = routes\n"
      })
    ).toEqual([])
  })

  it('finds none in this repository', () => {
    expect(layerViolations(importGraph(resolve(import.meta.dirname, '..')))).toEqual([])
  })
})

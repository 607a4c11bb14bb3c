/**
 * The import-cycle check of `npm run lint`, on small projects written to a temp dir: it
 * must see a cycle made only of type imports, resolve the tsconfig's path alias, and
 * find renderer folders that depend on each other.
 */
import { describe, expect, it } from 'vitest'
import { useTempProjects } from '../test-kit/temp-project'
// @ts-expect-error: a plain ES module script without type declarations
import { cycles, folderGraph, importGraph } from './import-cycles.mjs'

const project = useTempProjects()

describe('import cycles', () => {
  it('finds a cycle made only of type imports, through the path alias', () => {
    const root = project({
      'src/shared/a.ts': "import type { B } from './b'\nexport type A = B[]\n",
      'src/shared/b.ts': "import type { A } from '@shared/a'\nexport interface B { a?: A }\n",
      'src/shared/c.ts': "import type { A } from './a'\nexport type C = A\n"
    })
    expect(cycles(importGraph(root, ['tsconfig.json']))).toEqual([['src/shared/a.ts', 'src/shared/b.ts']])
  })

  it('finds none in a project whose imports only go down', () => {
    const root = project({
      'src/shared/a.ts': "import { b } from './b'\nexport const a = b\n",
      'src/shared/b.ts': 'export const b = 1\n'
    })
    expect(cycles(importGraph(root, ['tsconfig.json']))).toEqual([])
  })

  it('finds renderer folders that depend on each other though no file cycle exists', () => {
    const root = project({
      'src/renderer/src/features/tree/tree.ts': "import { store } from '../../app/store'\nexport const tree = store\n",
      'src/renderer/src/app/store.ts': 'export const store = 1\n',
      'src/renderer/src/app/app.ts': "import { tree } from '../features/tree/tree'\nexport const app = tree\n"
    })
    const graph = importGraph(root, ['tsconfig.json'])
    expect(cycles(graph)).toEqual([])
    expect(cycles(folderGraph(graph).folders)).toEqual([['app', 'features/tree']])
  })
})

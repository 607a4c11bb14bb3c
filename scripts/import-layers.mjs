// Layers, checked by `npm run lint`: which folder's code may import which. The product
// stands in layers, each importing only the ones below it:
//
//   src/main (lifecycle, shell, ipc, web host)   server/ (the reference REST catalog)
//                         \                        /
//                          src/catalog (the catalog library)    src/renderer   src/preload
//                                        \                          |          /
//                                         src/shared (plain TypeScript for every process)
//
// Test code (`*.test.ts`, test-kit/, e2e/, bench/) may import any of it (a REST client's
// tests run the reference server, say); the product never imports test code.
// Imports are read from the same graph as the cycle check (./import-cycles.mjs).
import { importGraph } from './import-cycles.mjs'

/** Each product layer: the folders it holds and the layers its files may import. */
export const LAYERS = [
  { name: 'shared', folders: ['src/shared/'], uses: [] },
  { name: 'catalog', folders: ['src/catalog/'], uses: ['shared'] },
  { name: 'main', folders: ['src/main/'], uses: ['catalog', 'shared'] },
  { name: 'preload', folders: ['src/preload/'], uses: ['shared'] },
  { name: 'renderer', folders: ['src/renderer/'], uses: ['shared'] },
  { name: 'server', folders: ['server/'], uses: ['catalog', 'shared'] }
]

/** Folders that hold only test code: what tests, e2e and benches share, the specs, the benches. */
export const TEST_FOLDERS = ['test-kit/', 'e2e/', 'bench/']

const TEST_FILE = /\.test\.tsx?$/

/** The layer of a file (`main`, `catalog`, ...), `test` for test code, or null for tooling (configs, scripts). */
export function layerOf(file) {
  if (TEST_FOLDERS.some((folder) => file.startsWith(folder))) return 'test'
  const layer = LAYERS.find(({ folders }) => folders.some((folder) => file.startsWith(folder)))
  return layer ? layer.name : null
}

/** Why `file` may not import `target`, or null when it may. */
export function layerProblem(file, target) {
  const from = layerOf(file)
  const to = layerOf(target)
  // Tooling and test code may reach anything; nothing is below tooling.
  if (from === null || from === 'test' || TEST_FILE.test(file) || to === null) return null
  if (to === 'test' || TEST_FILE.test(target)) return `product code (${from}) imports test code`
  if (to === from) return null
  const allowed = LAYERS.find(({ name }) => name === from).uses
  return allowed.includes(to) ? null : `${from} may import only ${allowed.length ? allowed.join(' and ') : 'its own layer'}, not ${to}`
}

/** Every import in `graph` that crosses the layers the wrong way, as `file -> target: why`. */
export function layerViolations(graph) {
  const found = []
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const problem = layerProblem(file, target)
      if (problem) found.push(`${file} -> ${target}: ${problem}`)
    }
  }
  return found.sort()
}

function main() {
  const started = performance.now()
  const graph = importGraph(process.cwd())
  const violations = layerViolations(graph)
  for (const violation of violations) console.error(`Layer violation: ${violation}`)
  console.log(`import layers: ${graph.size} files, ${violations.length} imports across layers the wrong way, ${Math.round(performance.now() - started)} ms`)
  if (violations.length > 0) {
    console.error('Move what both sides need down to the lower layer, or pass it in from the upper one (see docs/architecture.md, "Layers").')
    process.exitCode = 1
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main()

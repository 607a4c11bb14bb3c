// Import cycles, checked by `npm run lint`. Two checks:
// - modules: no file may reach itself through its imports, type-only imports included
//   (a type cycle is a layering knot even when the bundler erases it);
// - renderer folders: `app/`, `lib/`, `ui/`, `state/` and each `features/<name>/` form
//   layers, and no two of them may depend on each other, directly or round a loop.
// Imports are resolved with TypeScript's own resolver and the projects' tsconfigs, so
// the `@shared/*` alias and extensionless paths resolve as the compiler sees them.
import path from 'node:path'
import ts from 'typescript'

const PROJECTS = ['tsconfig.node.json', 'tsconfig.web.json']
const RENDERER = 'src/renderer/src/'

// Cycles that lint tolerates, each as its sorted member files joined by ' , '. None: a new
// cycle fails lint; break it rather than list it here.
export const KNOWN_CYCLES = []

/** The import graph of the projects under `root`: file -> files it imports (relative paths). */
export function importGraph(root, projects = PROJECTS) {
  const graph = new Map()
  for (const project of projects) {
    const configPath = path.join(root, project)
    const { config } = ts.readConfigFile(configPath, ts.sys.readFile)
    const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath)
    for (const file of parsed.fileNames) {
      const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest)
      const targets = new Set()
      for (const { fileName } of ts.preProcessFile(source.text, true, true).importedFiles) {
        const resolved = ts.resolveModuleName(fileName, file, parsed.options, ts.sys).resolvedModule
        if (resolved && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.endsWith('.d.ts')) {
          targets.add(path.relative(root, resolved.resolvedFileName))
        }
      }
      graph.set(path.relative(root, file), targets)
    }
  }
  return graph
}

/** The groups of nodes that reach each other (Tarjan's strongly connected components), each sorted. */
export function cycles(graph) {
  let next = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  const visit = (node) => {
    index.set(node, next)
    low.set(node, next)
    next++
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node), low.get(target)))
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)))
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = []
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      if (group.length > 1 || graph.get(node)?.has(node)) found.push(group.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

/** The renderer folder a file belongs to (`app`, `lib`, `features/tree`, ...), or null outside the renderer. */
export function rendererFolder(file) {
  if (!file.startsWith(RENDERER)) return null
  const parts = file.slice(RENDERER.length).split('/')
  if (parts.length < 2) return null
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0]
}

/** The graph collapsed to renderer folders, with one example import per folder edge. */
export function folderGraph(graph) {
  const folders = new Map()
  const examples = new Map()
  for (const [file, targets] of graph) {
    const from = rendererFolder(file)
    if (from === null) continue
    for (const target of targets) {
      const to = rendererFolder(target)
      if (to === null || to === from) continue
      if (!folders.has(from)) folders.set(from, new Set())
      folders.get(from).add(to)
      if (!examples.has(`${from} -> ${to}`)) examples.set(`${from} -> ${to}`, `${file} -> ${target}`)
    }
  }
  return { folders, examples }
}

function main() {
  const started = performance.now()
  const graph = importGraph(process.cwd())
  const known = new Set(KNOWN_CYCLES)
  const moduleCycles = cycles(graph).map((group) => group.join(' , '))
  const newCycles = moduleCycles.filter((cycle) => !known.has(cycle))
  const { folders, examples } = folderGraph(graph)
  const folderCycles = cycles(folders)
  for (const cycle of newCycles) console.error(`Import cycle: ${cycle}`)
  for (const group of folderCycles) {
    console.error(`Renderer folders that depend on each other: ${group.join(', ')}`)
    for (const from of group) {
      for (const to of folders.get(from)) if (group.includes(to)) console.error(`  ${examples.get(`${from} -> ${to}`)}`)
    }
  }
  const tolerated = moduleCycles.length - newCycles.length
  console.log(
    `import cycles: ${graph.size} files, ${newCycles.length} module cycles (${tolerated} known), ${folderCycles.length} renderer folder cycles, ` +
      `${Math.round(performance.now() - started)} ms`
  )
  if (newCycles.length > 0 || folderCycles.length > 0) {
    console.error('Break each cycle by moving what both sides share below them (a types or state module both import).')
    process.exitCode = 1
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main()

/**
 * "Copy as code" for a REST profile with storage options (`storage.*` properties, used
 * for table locations): LanceDB's REST namespace takes them as the connection's storage
 * options (`connectNamespace(..., { storageOptions })`, `connect_namespace(...,
 * storage_options=...)`), not as namespace properties. A dir profile keeps them as
 * `storage.*` properties, which is how LanceDB's dir namespace takes them. The TypeScript
 * snippet is type-checked against the installed `@lancedb/lancedb`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Profile, ProfileDraft } from '../../shared/profile-types'
import { MemorySecretStore } from '../secrets/secret-store'
import { codeSnippet } from './export'
import { ProfileStore } from './profile-store'

const SECRET = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCY-9c1d'
const rest: ProfileDraft = {
  name: 'Lake catalog',
  connectType: 'rest',
  properties: {
    uri: 'https://catalog.example.com',
    delimiter: '.',
    'storage.region': 'eu-west-1',
    'storage.endpoint': 'http://127.0.0.1:9000',
    'storage.aws_secret_access_key': SECRET
  },
  headers: [{ name: 'x-api-key', value: 'key-not-in-snippet', secret: true }]
}
const dir: ProfileDraft = { name: 'Lake dir', connectType: 'dir', properties: { root: 's3://bucket/cat', 'storage.region': 'eu-west-1' }, headers: [] }

let dataDir: string
let profiles: readonly Profile[]
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'snippet-storage-'))
  const { store } = await ProfileStore.open(dataDir, new MemorySecretStore())
  for (const draft of [rest, dir]) await store.create(draft)
  profiles = store.profiles()
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const restProfile = (): Profile => profiles.find((p) => p.connectType === 'rest')!
const dirProfile = (): Profile => profiles.find((p) => p.connectType === 'dir')!

describe('snippet storage options', () => {
  it.each([
    {
      title: 'TypeScript: a REST profile passes them as the connection storageOptions, outside extraProperties',
      language: 'typescript' as const,
      connect: [
        'const db = await connectNamespace("rest", {',
        '  uri: "https://catalog.example.com",',
        '  headers: {',
        '    "x-api-key": process.env.LANCE_API_KEY ?? "",',
        '  },',
        '  extraProperties: {',
        '    "delimiter": ".",',
        '  },',
        '}, {',
        '  storageOptions: {',
        '    "region": "eu-west-1",',
        '    "endpoint": "http://127.0.0.1:9000",',
        '  },',
        '});'
      ],
      notes: [
        "// To add them under the catalog's own, pass them to db.openTable(name, namespace, { storageOptions }) too",
        'Set these environment variables first: LANCE_API_KEY (x-api-key), AWS_SECRET_ACCESS_KEY.'
      ]
    },
    {
      title: 'Python: a REST profile passes them as storage_options=, not as properties',
      language: 'python' as const,
      connect: [
        'db = lancedb.connect_namespace(',
        '    "rest",',
        '    {',
        '        "uri": "https://catalog.example.com",',
        '        "delimiter": ".",',
        '        "headers.x-api-key": os.environ["LANCE_API_KEY"],',
        '    },',
        '    storage_options={',
        '        "region": "eu-west-1",',
        '        "endpoint": "http://127.0.0.1:9000",',
        '    },',
        ')'
      ],
      notes: ["# To add them under the catalog's own, pass them to db.open_table(name, namespace_path=..., storage_options=...) too"]
    }
  ])('$title', ({ language, connect, notes }) => {
    const snippet = codeSnippet(restProfile(), language)
    expect(snippet).toContain(connect.join('\n'))
    expect(snippet).not.toContain('"storage.')
    for (const note of notes) expect(snippet).toContain(note)
    expect(snippet).not.toContain(SECRET)
  })

  it('a dir profile keeps them as storage.* properties, with no note', () => {
    const snippet = codeSnippet(dirProfile(), 'typescript')
    expect(snippet).toContain('  extraProperties: {\n    "storage.region": "eu-west-1",\n  },\n});')
    expect(snippet).not.toContain('storageOptions')
    expect(codeSnippet(dirProfile(), 'python')).toContain('        "storage.region": "eu-west-1",\n    },\n)')
  })

  it('the REST TypeScript snippet type-checks against the installed @lancedb/lancedb', () => {
    const snippet = codeSnippet(restProfile(), 'typescript')
    // A file in the project, so `@lancedb/lancedb` resolves from its node_modules; never written.
    const file = resolve('snippet-check.mts')
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      skipLibCheck: true
    }
    const host = ts.createCompilerHost(options)
    const readFile = host.readFile.bind(host)
    host.readFile = (name) => (resolve(name) === file ? snippet : readFile(name))
    const exists = host.fileExists.bind(host)
    host.fileExists = (name) => resolve(name) === file || exists(name)
    const getSourceFile = host.getSourceFile.bind(host)
    host.getSourceFile = (name, language) => (resolve(name) === file ? ts.createSourceFile(name, snippet, language) : getSourceFile(name, language))
    const program = ts.createProgram([file], options, host)
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    expect(problems).toEqual([])
    // And one with storage options where they do not belong is refused, so the check can fail.
    const wrong = snippet.replace('}, {\n  storageOptions: {', '  storageOptions: {').replace('  },\n});', '  },\n});')
    host.getSourceFile = (name, language) => (resolve(name) === file ? ts.createSourceFile(name, wrong, language) : getSourceFile(name, language))
    expect(ts.getPreEmitDiagnostics(ts.createProgram([file], options, host)).length).toBeGreaterThan(0)
  }, 60_000)
})

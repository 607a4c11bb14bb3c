// Lint: typescript-eslint's recommended rules and two type-aware ones, React hooks rules, and the project's
// boundaries: only the binding modules touch ipcMain/ipcRenderer, the renderer and shared
// code never import Node or Electron, and Arrow IPC is decoded only through the bounded
// decoder.
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

const ipcBan = {
  paths: [
    {
      name: 'electron',
      importNames: ['ipcMain', 'ipcRenderer'],
      message: 'Only src/main/ipc/bind-electron.ts and src/preload/index.ts may use raw IPC; go through the contract.'
    }
  ]
}

const nodeBan = {
  patterns: [
    { group: ['node:*', 'electron', 'electron/*', 'fs', 'path', 'child_process', 'os'], message: 'No Node or Electron here: use the typed api (lib/api.ts).' }
  ]
}

// apache-arrow's IPC readers trust the metadata they read: a few hundred crafted bytes run
// the heap out. Only src/shared/arrow-ipc-decode.ts, behind the preflight, may call them.
const ARROW_MESSAGE = 'Decode Arrow IPC with decodeArrowIpc (src/shared/arrow-ipc-decode.ts), which bounds the bytes before it decodes.'
const arrowBan = {
  paths: [
    {
      name: 'apache-arrow',
      importNames: [
        'tableFromIPC',
        'RecordBatchReader',
        'RecordBatchStreamReader',
        'RecordBatchFileReader',
        'AsyncRecordBatchStreamReader',
        'AsyncRecordBatchFileReader',
        'MessageReader',
        'AsyncMessageReader',
        'Message'
      ],
      message: ARROW_MESSAGE
    }
  ],
  patterns: [{ group: ['apache-arrow/ipc/*', 'apache-arrow/ipc/**'], message: ARROW_MESSAGE }]
}

/** One `no-restricted-imports` option object from several. */
function bans(...parts) {
  return { paths: parts.flatMap((part) => part.paths ?? []), patterns: parts.flatMap((part) => part.patterns ?? []) }
}

// The same readers reached through another copy of apache-arrow (LanceDB's `lanceArrow`).
const arrowSyntax = [
  {
    selector: 'MemberExpression[property.name=/^(tableFromIPC|RecordBatchReader|RecordBatchStreamReader|RecordBatchFileReader|MessageReader)$/]',
    message: ARROW_MESSAGE
  },
  { selector: 'MemberExpression[object.name="Message"][property.name="decode"]', message: ARROW_MESSAGE }
]

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', bans(ipcBan, arrowBan)],
      'no-restricted-syntax': ['error', ...arrowSyntax]
    }
  },
  {
    // Tests and benchmarks decode the app's own output to look at it.
    files: ['**/*.test.{ts,tsx}', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', ipcBan], 'no-restricted-syntax': 'off' }
  },
  {
    // Rules that need types: a promise nobody awaits loses its rejection, and a switch over
    // a union must name every member (or say why not in a default).
    files: ['{src,e2e,server,bench,test-kit}/**/*.{ts,tsx}', '*.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }]
    }
  },
  {
    files: ['src/main/ipc/bind-electron.ts', 'src/preload/index.ts'],
    rules: { 'no-restricted-imports': ['error', arrowBan] }
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', bans(nodeBan, arrowBan)] }
  },
  {
    files: ['src/renderer/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', nodeBan] }
  },
  {
    // The bounded decoder itself; framing that checks each message's metadata before
    // Message.decode; LanceDB's decoder, behind the same preflight.
    files: ['src/shared/arrow-ipc-decode.ts'],
    rules: { 'no-restricted-imports': ['error', nodeBan] }
  },
  {
    files: ['src/catalog/arrow-messages.ts'],
    rules: { 'no-restricted-imports': ['error', ipcBan], 'no-restricted-syntax': 'off' }
  },
  {
    files: ['src/catalog/arrow-schema.ts'],
    rules: { 'no-restricted-syntax': 'off' }
  },
  {
    files: ['src/shared/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' }
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The app does not use the React Compiler, so its compatibility notes do not apply.
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/incompatible-library': 'off',
      // An effect or ref callback whose arrow body is an expression returns that value, and
      // React keeps it as the cleanup: a Promise (Chromium's scrollIntoView returns one)
      // then crashes the window on unmount ("destroy_ is not a function"). Use a block body;
      // an arrow body is allowed, since that is a real cleanup.
      'no-restricted-syntax': [
        'error',
        ...arrowSyntax,
        {
          selector:
            'CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression[body.type!="BlockStatement"][body.type!="ArrowFunctionExpression"]',
          message: 'Give the effect a block body: an expression body returns its value as the cleanup.'
        },
        {
          selector: 'JSXAttribute[name.name="ref"] > JSXExpressionContainer > ArrowFunctionExpression[body.type!="BlockStatement"]',
          message: 'Give the ref callback a block body: React 19 keeps a returned value as its cleanup.'
        }
      ]
    }
  }
)

// Lint: typescript-eslint's recommended rules and two type-aware ones, React hooks rules, and the project's
// boundaries: only the binding modules touch ipcMain/ipcRenderer, and the renderer and
// shared code never import Node or Electron.
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

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', ipcBan]
    }
  },
  {
    // Rules that need types: a promise nobody awaits loses its rejection, and a switch over
    // a union must name every member (or say why not in a default).
    files: ['{src,e2e,server,bench}/**/*.{ts,tsx}', '*.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }]
    }
  },
  {
    files: ['src/main/ipc/bind-electron.ts', 'src/preload/index.ts'],
    rules: { 'no-restricted-imports': 'off' }
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', nodeBan] }
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

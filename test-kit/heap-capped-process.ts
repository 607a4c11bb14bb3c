/**
 * Test support: a TypeScript entry point (the reference server's or the browser-mode
 * host's command line) run as its own Node process under a heap cap, so an unbounded
 * allocation shows as that process dying rather than as a slow test, and its memory read
 * from /proc the way an operator would see it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url))

/** A running child process and what a test asks of it. */
export interface CappedProcess {
  /** The first match of `ready` in its stdout. */
  readonly ready: RegExpExecArray
  /** True until the process exits. */
  alive(): boolean
  /** Its resident memory now (VmRSS) and at its peak (VmHWM), in bytes. */
  memory(): Promise<{ readonly rss: number; readonly peak: number }>
  /** What it wrote to stderr, to show when it died. */
  stderr(): string
  /** SIGTERM, then waits for it to exit. */
  stop(): Promise<void>
}

/**
 * Starts `entry` (a path from the project root) with `args` under `node --import tsx`,
 * its V8 heap capped at `heapMb`, and resolves once a line of stdout matches `ready`.
 */
export async function startHeapCapped(entry: string, args: readonly string[], heapMb: number, ready: RegExp): Promise<CappedProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_OPTIONS: `--max-old-space-size=${heapMb}` },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  let err = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const found = ready.exec(out)
      if (found) resolve(found)
    })
    void exited.then(() => reject(new Error(`${entry} exited before it was ready:\n${err}`)))
  })
  return {
    ready: match,
    alive: () => child.exitCode === null && child.signalCode === null,
    memory: async () => {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8')
      const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024
      return { rss: kb('VmRSS'), peak: kb('VmHWM') }
    },
    stderr: () => err,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    }
  }
}

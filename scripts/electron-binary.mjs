/**
 * Finding and fetching the Electron binary. The `electron` npm package (v41+) installs
 * without it and downloads it on first use, from GitHub rather than the npm registry, so
 * machines that reach only the registry (CI, corporate proxies, offline mirrors) never
 * get it. These helpers try once, quietly, and say in one line why it failed.
 */
import { spawnSync } from 'node:child_process'
import { lookup } from 'node:dns/promises'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** How long a download may take before we give up on it (a slow link, or one that drops packets). */
export const DOWNLOAD_TIMEOUT_MS = 5 * 60_000

/** The folder of the installed `electron` package, or undefined. */
export function electronPackageDir(fromUrl) {
  try {
    return dirname(createRequire(fromUrl).resolve('electron/package.json'))
  } catch {
    return undefined
  }
}

/** The path of the downloaded binary if it is there (what `electron/index.js` would return). */
export function installedBinary(packageDir) {
  const pathFile = join(packageDir, 'path.txt')
  if (!existsSync(pathFile)) return undefined
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : undefined
}

/** One line out of a failed download's output: its error message (e.g. `getaddrinfo ENOTFOUND github.com`). */
export function failureReason(output, status) {
  const lines = String(output)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  const error = lines.map((line) => /^(?:\w*Error|Error):\s*(.+)$/.exec(line)).find(Boolean)
  const reason = error ? error[1] : (lines.at(-1) ?? `the download exited with status ${status}`)
  return reason.length > 160 ? `${reason.slice(0, 157)}...` : reason
}

/** The host the binary comes from: the configured mirror, or GitHub. */
export function downloadHost(env) {
  const mirror = env.ELECTRON_MIRROR || env.npm_config_electron_mirror
  return mirror && URL.canParse(mirror) ? new URL(mirror).hostname : 'github.com'
}

/**
 * Makes sure the binary is there: answers its path, downloading it first if needed, or
 * the one-line reason it is not available. Never throws.
 */
export async function ensureElectronBinary(fromUrl, { env = process.env, timeoutMs = DOWNLOAD_TIMEOUT_MS } = {}) {
  const packageDir = electronPackageDir(fromUrl)
  if (!packageDir) return { ok: false, reason: 'the electron package is not installed' }
  const existing = installedBinary(packageDir)
  if (existing) return { ok: true, path: existing, downloaded: false }
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) return { ok: false, reason: 'no Electron binary is installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set' }
  // The downloader reports a missing route only as "fetch failed"; a name lookup says more.
  const host = downloadHost(env)
  const resolved = await lookup(host).then(
    () => undefined,
    (error) => error.code ?? error.message
  )
  if (resolved !== undefined) return { ok: false, reason: `the Electron binary could not be downloaded: ${host} cannot be resolved (${resolved})` }
  const run = spawnSync(process.execPath, [join(packageDir, 'install.js')], { env, encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] })
  const binary = installedBinary(packageDir)
  if (run.status === 0 && binary) return { ok: true, path: binary, downloaded: true }
  if (run.error?.code === 'ETIMEDOUT') return { ok: false, reason: `the Electron binary download took longer than ${Math.round(timeoutMs / 1000)} s` }
  return { ok: false, reason: `the Electron binary could not be downloaded (${failureReason(`${run.stderr ?? ''}\n${run.stdout ?? ''}`, run.status)})` }
}

#!/usr/bin/env node
/**
 * `npm start -- [flags]`: builds the app, then launches Electron with the flags. Where no
 * Electron binary can be had (not downloadable here) or no display is available, says why
 * in one line and starts browser mode (`out/main/web-host.js`) with the same flags instead.
 */
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureElectronBinary } from './electron-binary.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const flags = process.argv.slice(2)

/** Why Electron cannot start here, or undefined if it can (then `binary` is its path). */
async function electronProblem() {
  const binary = await ensureElectronBinary(import.meta.url)
  if (!binary.ok) return { reason: binary.reason }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return { reason: 'no display is available' }
  return { binary: binary.path }
}

const build = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

const { reason, binary } = await electronProblem()
const [command, args] = reason ? [process.execPath, ['out/main/web-host.js', ...flags]] : [binary, ['out/main/index.js', ...flags]]
if (reason) console.log(`Electron cannot start here (${reason}); starting browser mode instead.`)

const child = spawn(command, args, { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)))

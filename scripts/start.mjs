#!/usr/bin/env node
/**
 * `npm start -- [flags]`: builds the app, then launches Electron with the flags. Where no
 * Electron binary or no display is available, says so in one line and starts browser
 * mode (`out/main/web-host.js`) with the same flags instead.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const flags = process.argv.slice(2)

function electronBinary() {
  try {
    const path = createRequire(import.meta.url)('electron')
    return typeof path === 'string' && existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

function whyNoElectron(binary) {
  if (!binary) return 'no Electron binary is installed'
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return 'no display is available'
  return undefined
}

const build = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

const binary = electronBinary()
const reason = whyNoElectron(binary)
const [command, args] = reason
  ? [process.execPath, ['out/main/web-host.js', ...flags]]
  : [binary, ['out/main/index.js', ...flags]]
if (reason) console.log(`Electron cannot start here (${reason}); starting browser mode instead.`)

const child = spawn(command, args, { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)))

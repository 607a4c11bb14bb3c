#!/usr/bin/env node
/**
 * `postinstall`: fetches the Electron binary where the network allows, so `npm start`
 * opens the desktop app. Where it cannot (only the npm registry is reachable), it says so
 * in one line and the install still succeeds; `npm start` then uses browser mode.
 */
import { ensureElectronBinary } from './electron-binary.mjs'

const result = await ensureElectronBinary(import.meta.url)
if (result.ok) {
  if (result.downloaded) console.log(`Electron binary downloaded: ${result.path}`)
} else {
  console.log(`Electron is not available (${result.reason}); npm start will run browser mode instead.`)
}

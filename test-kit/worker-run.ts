/**
 * For tests of code that must not block: runs one export of a TypeScript module in a
 * worker thread (bundled with esbuild), so a call that would run for hours is stopped
 * after a generous limit instead of freezing the test run.
 */
import { Worker } from 'node:worker_threads'
import { build } from 'esbuild'

/** What the export returned, or a rejection once `limitMs` has passed (the worker is stopped). */
export async function runExportInWorker(entry: string, exportName: string, args: readonly unknown[], limitMs: number): Promise<unknown> {
  const bundle = await build({ entryPoints: [entry], bundle: true, format: 'cjs', platform: 'node', write: false, logLevel: 'silent' })
  const code = bundle.outputFiles[0]?.text ?? ''
  const source = `
    const { parentPort, workerData } = require('node:worker_threads')
    const module = { exports: {} }
    new Function('module', 'exports', 'require', ${JSON.stringify(code)})(module, module.exports, require)
    parentPort.postMessage(module.exports[workerData.exportName](...workerData.args))
  `
  const worker = new Worker(source, { eval: true, workerData: { exportName, args } })
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${exportName} did not finish within ${limitMs / 1000} s`)), limitMs)
      worker.once('message', (value) => {
        clearTimeout(timer)
        resolve(value)
      })
      worker.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
    })
  } finally {
    await worker.terminate()
  }
}

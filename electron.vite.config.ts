import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        // Two entries: the Electron lifecycle, and the browser-mode host that runs
        // the same handler table under plain Node (no `electron` import reachable).
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          'web-host': resolve(__dirname, 'src/main/web/cli.ts'),
          // The column profile worker, started by main as a worker thread (src/main/profile/).
          'profile-worker': resolve(__dirname, 'src/main/profile/profile-worker.ts'),
          // The embedding map worker (src/main/embedding-map/).
          'map-worker': resolve(__dirname, 'src/main/embedding-map/map-worker.ts'),
          // The PDF worker, which draws PDFs' first pages for thumbnails (src/main/media/).
          'pdf-worker': resolve(__dirname, 'src/main/media/pdf-worker.ts')
        }
      }
    }
  },
  preload: {
    build: {
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // A sandboxed preload cannot load ES modules: it must be one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    resolve: { alias: { '@shared': resolve(__dirname, 'src/shared') } },
    plugins: [react()]
  }
})

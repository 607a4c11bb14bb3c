/**
 * Channels of the desktop shell: opening a folder (from the native dialog, or dropped on
 * the window) as a directory catalog for this run.
 */
import { z } from 'zod'
import type { ConnectionSummary } from '../catalog-types'
import { response } from './common'

/** Shell channels. */
export const shellContract = {
  /** Opens a local folder as a `dir` catalog for this run and answers its connection. */
  'shell:openFolder': {
    request: z.object({ path: z.string().min(1, 'A folder path is required.').max(4096, 'The folder path is too long.') }).strict(),
    response: response<ConnectionSummary>()
  }
} as const

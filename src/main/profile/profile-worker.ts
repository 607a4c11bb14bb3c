/**
 * The profile worker: a worker thread that decodes the pages main reads (Arrow IPC bytes)
 * and the cells of bytes columns, feeds each column's accumulator and answers the
 * profile. All the arithmetic of a profile happens here, so main's event loop only moves
 * bytes. Messages: `start` (the columns), `page`, `cells`, `finish`; each is answered
 * with `ack` (or `error`), `finish` with `result`.
 */
import { parentPort } from 'node:worker_threads'
import { compressionRegistry } from 'apache-arrow'
import { decodeArrowIpc } from '../../shared/arrow-ipc-decode'
import { ANSWER_IPC_BUDGET } from '../../shared/arrow-preflight'
import { registerArrowCodecs } from '../../shared/arrow-codecs'
import { accumulatorFor, bytesAccumulator, shareKeptValues, type ByteCell, type ColumnAccumulator } from './column-accumulators'
import type { ColumnPlan, ToWorker, FromWorker } from './worker-messages'

// Pages from a REST catalog may come compressed.
registerArrowCodecs(compressionRegistry)

let plans: readonly ColumnPlan[] = []
const accumulators = new Map<string, ColumnAccumulator>()

/** The answer to one message (run in the worker thread; on its own so tests can drive it in-thread). */
export function answerProfileMessage(message: ToWorker): FromWorker {
  try {
    return answer(message)
  } catch (error) {
    return { type: 'error', message: error instanceof Error ? error.message : String(error) }
  }
}

function answer(message: ToWorker): FromWorker {
  switch (message.type) {
    case 'start':
      plans = message.columns
      accumulators.clear()
      shareKeptValues(message.share ?? plans.length, message.rows)
      for (const plan of plans) if (plan.bytes) accumulators.set(plan.name, bytesAccumulator(plan.name, plan.type))
      return { type: 'ack' }
    case 'page': {
      const table = decodeArrowIpc(message.arrow, ANSWER_IPC_BUDGET)
      for (const plan of plans) {
        if (plan.bytes) continue
        const index = table.schema.fields.findIndex((field) => field.name === plan.name)
        if (index < 0) continue
        let accumulator = accumulators.get(plan.name)
        if (!accumulator) {
          accumulator = accumulatorFor(table.schema.fields[index]!, plan.type, false)
          accumulators.set(plan.name, accumulator)
        }
        for (const batch of table.batches) {
          const data = batch.data.children[index]
          if (data) accumulator.addData(data)
        }
      }
      return { type: 'ack' }
    }
    case 'cells':
      accumulators.get(message.column)?.addCells(message.cells as ByteCell[])
      return { type: 'ack' }
    case 'finish':
      return { type: 'result', columns: plans.map((plan) => accumulators.get(plan.name)?.finish() ?? emptyColumn(plan)) }
  }
}

/** A column no page held (an empty table): counted as nothing. */
function emptyColumn(plan: ColumnPlan): ReturnType<ColumnAccumulator['finish']> {
  return { name: plan.name, type: plan.type, count: 0, nulls: 0, nullPercent: 0, distinct: null, detail: { kind: 'other' } }
}

parentPort?.on('message', (message: ToWorker) => {
  parentPort?.postMessage(answerProfileMessage(message))
})

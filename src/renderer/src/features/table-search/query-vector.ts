/**
 * A query vector pasted as JSON: checked here, before anything is sent, so a person sees
 * at once what is wrong with it (not JSON, not a list, a value that is not a number, the
 * wrong length for the column) and what to paste instead.
 */

/** The parsed vector, or the problem with the text. */
export type ParsedVector = { readonly ok: true; readonly vector: number[] } | { readonly ok: false; readonly error: string }

/** Parses `text` as a JSON array of exactly `dimension` numbers for column `column`. */
export function parseQueryVector(text: string, column: string, dimension: number): ParsedVector {
  const fail = (error: string): ParsedVector => ({ ok: false, error })
  const example = `a JSON array of ${dimension} numbers, like [0.12, -0.5, …]`
  if (text.trim() === '') return fail(`Paste the query vector: ${example}.`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return fail(`The query vector is not valid JSON (${reason}). Paste ${example}.`)
  }
  if (!Array.isArray(value)) return fail(`The query vector must be a JSON array, not ${kindOf(value)}. Paste ${example}.`)
  const bad = value.findIndex((item) => typeof item !== 'number' || !Number.isFinite(item))
  if (bad >= 0) {
    return fail(`Value ${bad + 1} of the query vector is ${kindOf(value[bad])}, not a number. A query vector holds numbers only.`)
  }
  if (value.length !== dimension) {
    return fail(
      `The query vector has ${value.length} ${value.length === 1 ? 'value' : 'values'}, but column "${column}" holds vectors of ${dimension}. Paste exactly ${dimension} numbers.`
    )
  }
  return { ok: true, vector: value as number[] }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)}`
  if (typeof value === 'object') return 'an object'
  return `${typeof value === 'boolean' ? 'the boolean' : 'the value'} ${String(value)}`
}

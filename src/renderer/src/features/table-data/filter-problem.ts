/**
 * What a person reads when the engine refuses a filter: the engine's reason, without the
 * app's internal step ("Could not count the rows of table …") or the query the app built
 * around the filter, ending in one mark (never "?.").
 */

/** The first line of an engine error about a filter, in plain words. */
export function filterProblem(message: string): string {
  const literal = temporalLiteralProblem(message)
  if (literal) return literal
  let text = message.split('\n')[0] ?? ''
  text = text.replace(/^Could not [^"]*? table "[^"]*": /, '')
  text = text.replace(/^Invalid input, /, '')
  const parser = /sql parser error: (.+?)\)?\s*$/.exec(text)
  if (parser?.[1]) text = parser[1].replace(/^Expected: /, 'expected ')
  text = text.trim().replace(/[:;,]+$/, '')
  if (text === '') return 'The engine gave no reason.'
  const sentence = `${text.charAt(0).toUpperCase()}${text.slice(1)}`
  return /[.?!]$/.test(sentence) ? sentence : `${sentence}.`
}

/**
 * The engine compares a time column only with a typed literal: `ts > '2024-03-01'` fails
 * with "Received literal Utf8(…) and could not convert to literal of type 'Timestamp(…)'".
 * Says how to write the same comparison (`timestamp '…'`, `date '…'`), with the text the
 * person typed, the form the grid shows times in.
 */
function temporalLiteralProblem(message: string): string | null {
  const match = /Received literal Utf8\("((?:[^"\\]|\\.)*)"\) and could not convert to literal of type '(Timestamp|Date32|Date64|Time32|Time64)/.exec(message)
  if (!match) return null
  const [, text = '', type = ''] = match
  const keyword = type.startsWith('Timestamp') ? 'timestamp' : type.startsWith('Date') ? 'date' : 'time'
  const column = keyword === 'timestamp' ? 'a timestamp' : `a ${keyword}`
  return `'${text}' is text, and ${column} column compares only with ${column}: write ${keyword} '${text.replace('T', ' ')}'.`
}

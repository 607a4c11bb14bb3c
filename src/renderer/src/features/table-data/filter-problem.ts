/**
 * What a person reads when the engine refuses a filter: the engine's reason, without the
 * app's internal step ("Could not count the rows of table …") or the query the app built
 * around the filter, ending in one mark (never "?.").
 */

/** The first line of an engine error about a filter, in plain words. */
export function filterProblem(message: string): string {
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

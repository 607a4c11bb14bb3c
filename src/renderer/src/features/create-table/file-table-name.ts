/** The table name an imported file suggests. */
import { componentProblem, MAX_NAME_LENGTH } from '@shared/namespace-path'

/** A table name made from a file's name (`people.csv` → `people`), or '' when none follows the naming rule. */
export function tableNameFromFile(fileName: string): string {
  const base = fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, MAX_NAME_LENGTH)
  return base !== '' && componentProblem(base) === null ? base : ''
}

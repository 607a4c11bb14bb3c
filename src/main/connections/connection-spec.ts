/**
 * What it takes to open a connection: a name, a connect type and connect properties,
 * the same shape LanceDB's SDK takes (`connectNamespace(type, properties)`).
 */
import { basename } from 'node:path'
import type { ConnectType } from '../../shared/catalog-types'
import { headerProperty } from '../../shared/connection-policy'

/** A connection to open: `dir` needs `root`; `rest` needs `uri` plus any `headers.*`. */
export interface ConnectionSpec {
  readonly name: string
  readonly type: ConnectType
  readonly properties: Readonly<Record<string, string>>
  /**
   * Which create route a `rest` connection uses: `enterprise` creates root tables with
   * LanceDB Enterprise's `POST /v1/tables/{name}`; absent, the spec's route. Set from a
   * profile's preset; left out for connections from flags.
   */
  readonly routes?: 'enterprise'
  /** Header names the person marked secret (a profile's), masked in errors like Authorization and x-api-key. */
  readonly secretHeaders?: readonly string[]
}

/** The registry id of a profile's connection, so opening it twice reuses one connection. */
export function profileConnectionId(profileId: string): string {
  return `profile-${profileId}`
}

/** A dir connection spec for a root folder, named after the folder. */
export function dirSpec(root: string, name?: string): ConnectionSpec {
  return { name: name ?? (basename(root) || root), type: 'dir', properties: { root } }
}

/**
 * A rest connection spec from a URI and `Name: value` header lines, as given on the
 * command line (`--header "x-api-key: K"`).
 */
export function restSpec(uri: string, headerLines: readonly string[], name?: string): ConnectionSpec {
  const properties: Record<string, string> = { uri }
  for (const line of headerLines) {
    const colon = line.indexOf(':')
    if (colon <= 0) throw new RangeError(`"${line}" is not a header: write it as "Name: value".`)
    properties[headerProperty(line.slice(0, colon).trim())] = line.slice(colon + 1).trim()
  }
  return { name: name ?? uri, type: 'rest', properties }
}

/**
 * What the value viewer shows for one cell, as the grid hands it over: values the page
 * already holds, turned into text, numbers, vectors and trees by the grid (which knows their
 * Arrow types), and byte values, which the viewer reads whole through `media:value`, or
 * takes from a search result's rows, which carry their bytes.
 */
import type { MediaValue } from '@shared/contract/media'
import type { MediaRows } from '../../lib/query-keys'

/** One member of a list, struct or map. */
export interface ViewerEntry {
  readonly label: string
  readonly value: ViewerValue
}

/** Which byte cell to read through `media:value`. */
export interface MediaValueSource {
  readonly connectionId: string
  readonly table: { readonly namespace: readonly string[]; readonly name: string }
  readonly rows: MediaRows
  /** Counted over the rows matching the filter, from 0. */
  readonly row: number
  readonly column: string
}

/** A cell's value for the viewer. */
export type ViewerValue =
  | { readonly kind: 'null' }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'vector'; readonly values: readonly number[]; readonly texts: readonly string[] }
  | { readonly kind: 'tree'; readonly summary: string; readonly empty: boolean; readonly entries: () => readonly ViewerEntry[] }
  /** A value the grid cannot show; `text` says why. */
  | { readonly kind: 'unsupported'; readonly text: string }
  /** Bytes to read whole from main. */
  | { readonly kind: 'media'; readonly source: MediaValueSource }
  /** Bytes already at hand (a search result's row), told apart here. */
  | { readonly kind: 'bytes'; readonly value: MediaValue }
  /** The cell's page has not arrived yet. */
  | { readonly kind: 'loading' }

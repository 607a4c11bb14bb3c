/**
 * Which described columns hold bytes the media channels read (and the grid leaves out of
 * its page reads): a byte type, or a Lance blob v2 column, which a table's description
 * shows as a struct of its data and URI, marked by its extension name.
 */
import { isBytesType } from '@shared/media-kind'

/** What the test needs of a described field. */
export interface DescribedColumn {
  readonly type: string
  readonly metadata?: Readonly<Record<string, string>> | undefined
}

/** Whether `field` holds bytes. */
export function holdsBytes(field: DescribedColumn): boolean {
  return isBytesType(field.type) || field.metadata?.['ARROW:extension:name'] === 'lance.blob.v2'
}

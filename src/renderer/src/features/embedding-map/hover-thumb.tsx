/**
 * A picture in the map's hover card: where the table has a byte column, the hovered row's
 * cell of the first one, as the grid shows it (a thumbnail made in main, the bytes never
 * sent). Asked for once the pointer has rested on a point for HOVER_REST_MS, so sweeping
 * across a cluster asks for no row it passes; only for a map whose keys name one row each.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { FieldInfo, TableRef } from '@shared/catalog-types'
import type { MapLayout } from '@shared/contract/embedding-map'
import { holdsBytes } from '@shared/media-kind'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { useBlobSource } from '../cell-viewer/blob-source'
import { keyFilter } from './key-filter'
import styles from './embedding-map.module.css'

/** How long the pointer rests on a point before its picture is asked for. */
const HOVER_REST_MS = 150

/** The thumbnail of the hovered row's first byte column, once the pointer rests there; null while there is none. */
export function useHoverThumb(
  connectionId: string,
  table: TableRef,
  fields: readonly FieldInfo[],
  map: MapLayout | null,
  index: number | null
): { readonly column: string; readonly thumb: Uint8Array } | null {
  const column = fields.find(holdsBytes)?.name ?? null
  const [rested, setRested] = useState<number | null>(null)
  useEffect(() => {
    const timer = setTimeout(() => setRested(index), HOVER_REST_MS)
    return () => clearTimeout(timer)
  }, [index])
  const made = map && column !== null && rested !== null && rested === index ? keyFilter(map, [rested]) : null
  const filter = made && 'filter' in made ? made.filter : null
  const cell = useQuery({
    queryKey: queryKeys.embeddingMapThumb(connectionId, table, map?.version ?? '', column ?? '', filter ?? ''),
    queryFn: async () => {
      const rows = await unwrap(
        api.media.cells({ connectionId, table, version: map!.version, filter: filter!, offset: 0, limit: 1, columns: [column!], size: 'row' })
      )
      return rows[0]?.[0] ?? null
    },
    enabled: filter !== null,
    staleTime: Infinity
  })
  const thumb = filter !== null && cell.data?.kind === 'image' && cell.data.problem === null ? cell.data.thumb : null
  return thumb && column !== null ? { column, thumb } : null
}

/** The picture. */
export function HoverThumb({ column, thumb }: { readonly column: string; readonly thumb: Uint8Array }): ReactNode {
  const source = useBlobSource<HTMLImageElement>(thumb, 'image/webp')
  return <img ref={source} className={styles.tooltipThumb} alt={`${column} of this row`} />
}

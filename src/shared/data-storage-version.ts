/**
 * The Lance data storage versions a new table can be written in, as LanceDB takes them
 * (its `new_table_data_storage_version` option). Older readers cannot open newer
 * versions: LanceDB 0.22 reads 2.0, 2.1 and legacy tables but fails on 2.2, which is
 * LanceDB 0.39's default ("stable"). Leaving the version out lets LanceDB choose.
 */
import { z } from 'zod'

/** The versions offered, newest first; `legacy` is Lance's first format (0.1). */
export const DATA_STORAGE_VERSIONS = ['2.2', '2.1', '2.0', 'legacy'] as const

/** A version LanceDB can be asked to write. */
export const dataStorageVersion = z.enum(DATA_STORAGE_VERSIONS)

/** A version LanceDB can be asked to write. */
export type DataStorageVersion = z.infer<typeof dataStorageVersion>

/** One line per version: who can read a table written in it. */
export const DATA_STORAGE_VERSION_NOTES: Readonly<Record<DataStorageVersion, string>> = {
  '2.2': "2.2 — LanceDB's current stable version; LanceDB 0.22 cannot read it",
  '2.1': '2.1 — readable by LanceDB 0.22 and later',
  '2.0': '2.0 — readable by LanceDB 0.22 and later, and by older Lance readers back to Lance 0.16',
  legacy: 'legacy (0.1) — the first Lance format, for readers older than Lance 0.16; slower'
}

/** The storage option that carries the version to LanceDB (per create, or per connection). */
export const DATA_STORAGE_VERSION_OPTION = 'new_table_data_storage_version'

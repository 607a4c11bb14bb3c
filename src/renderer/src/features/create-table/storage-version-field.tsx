/**
 * The Lance data storage version to write the new table in. LanceDB's default is its
 * newest stable version, which older LanceDB releases sharing the catalog may not read;
 * each choice says who can read it. The app cannot tell which version a catalog's other
 * tables use (LanceDB's JavaScript SDK does not say), so the choice is the user's.
 */
import { useId, type ReactNode } from 'react'
import { Select } from '../../ui/select'
import { DATA_STORAGE_VERSION_NOTES, DATA_STORAGE_VERSIONS, type DataStorageVersion } from '@shared/data-storage-version'

const DEFAULT_NOTE = "LanceDB's default — its newest stable version (2.2), which LanceDB 0.22 cannot read"

interface Props {
  /** The chosen version; undefined for LanceDB's default. */
  readonly version: DataStorageVersion | undefined
  readonly onVersion: (version: DataStorageVersion | undefined) => void
  readonly disabled: boolean
}

/** A select of the versions LanceDB writes, LanceDB's default first, with a hint for older readers. */
export function StorageVersionField({ version, onVersion, disabled }: Props): ReactNode {
  const hint = useId()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>Lance data storage version</label>
      <Select
        id={id}
        value={version ?? ''}
        disabled={disabled}
        aria-describedby={hint}
        onChange={(event) => onVersion(event.target.value === '' ? undefined : (event.target.value as DataStorageVersion))}
      >
        <option value="">{DEFAULT_NOTE}</option>
        {DATA_STORAGE_VERSIONS.map((value) => (
          <option key={value} value={value}>
            {DATA_STORAGE_VERSION_NOTES[value]}
          </option>
        ))}
      </Select>
      <p id={hint} className="field-hint muted">
        If older LanceDB releases read this catalog, choose a version they can read, such as 2.0 for LanceDB 0.22.
      </p>
    </div>
  )
}

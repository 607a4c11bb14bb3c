/**
 * The data toolbar's editing controls, kept small beside the others: the key column picker
 * (only where the table has no primary key) and Add row (Alt+Insert), disabled with the
 * reason wherever rows cannot be edited (an older version, a read-only catalog, a search's
 * rows, no key yet).
 */
import type { ReactNode } from 'react'
import { Plus } from 'lucide-react'
import { IconButton } from '../../ui/button'
import { Select } from '../../ui/select'
import type { TableRef } from '@shared/catalog-types'
import { useStagedEdits } from './edits-store'
import { addRow } from './staged-edits'
import type { EditAccess } from './use-editability'
import styles from './table-edits.module.css'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly access: EditAccess
}

/** Key picker and Add row. */
export function EditControls({ connectionId, table, access }: Props): ReactNode {
  const [, change] = useStagedEdits(connectionId, table)
  const onAddRow = (): void => change((current) => addRow(current, {}, access.answer?.version ?? null).edits)
  const answer = access.answer
  const picking = answer !== null && answer.editable && answer.primaryKey === null && answer.keyColumns.length > 0
  return (
    <span className={styles.editControls}>
      {picking && (
        <Select
          aria-label="Key column"
          title="The column whose value names each row; pick one to edit rows"
          value={access.key ?? ''}
          onChange={(event) => access.chooseKey(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">Key to edit…</option>
          {answer.keyColumns.map((column) => (
            <option key={column} value={column}>
              Key: {column}
            </option>
          ))}
        </Select>
      )}
      <IconButton
        icon={Plus}
        label="Add row (Alt+Insert)"
        tooltipAlignEnd
        disabled={!access.on}
        disabledReason={access.reason ?? undefined}
        onClick={onAddRow}
      />
    </span>
  )
}

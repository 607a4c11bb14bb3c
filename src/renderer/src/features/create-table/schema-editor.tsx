/**
 * The schema builder: one row per field with its name, type and nullability; vectors
 * take a dimension, lists an item type, and structs hold fields of their own, edited
 * with the same rows one level in. Used for empty tables and to correct an inferred schema.
 */
import type { ReactNode } from 'react'
import { ScalarOptions, SizeInput } from './scalar-options'
import { SCALAR_TYPES, isScalarType, scalar, type FieldSpec, type FieldType, type ScalarSpec } from '@shared/formats/schema-spec'
import styles from './create-table.module.css'
import { cx } from '../../ui/class-names'
import { Select } from '../../ui/select'

interface Props {
  readonly fields: readonly FieldSpec[]
  readonly onChange: (fields: readonly FieldSpec[]) => void
  /** Set for the members of a struct: names the struct in button labels. */
  readonly parent?: string
}

/** The type choices of the "Field type" menu, scalars first. */
const TYPE_CHOICES = [...SCALAR_TYPES, 'vector', 'list', 'struct', 'map'] as const

/** A new, unnamed string field. */
export const blankField = (): FieldSpec => ({ name: '', type: scalar('string'), nullable: true })

/** Edits a list of fields (recursively for structs). */
export function SchemaEditor({ fields, onChange, parent }: Props): ReactNode {
  const update = (i: number, field: FieldSpec): void => onChange(fields.map((f, j) => (j === i ? field : f)))
  const remove = (i: number): void => onChange(fields.filter((_, j) => j !== i))
  return (
    <div className={cx(styles.schemaEditor, parent && styles.nested)}>
      {fields.map((field, i) => (
        <FieldRow key={i} field={field} position={i + 1} onChange={(next) => update(i, next)} onRemove={() => remove(i)} />
      ))}
      <button type="button" onClick={() => onChange([...fields, blankField()])}>
        {parent ? `Add field to ${parent || 'struct'}` : 'Add field'}
      </button>
    </div>
  )
}

interface RowProps {
  readonly field: FieldSpec
  readonly position: number
  readonly onChange: (field: FieldSpec) => void
  readonly onRemove: () => void
}

function FieldRow({ field, position, onChange, onRemove }: RowProps): ReactNode {
  const choice = field.type.kind === 'scalar' ? field.type.type : field.type.kind
  const label = field.name || `field ${position}`
  return (
    <div className={styles.fieldRow} role="group" aria-label={`Field ${position}`}>
      <input aria-label="Field name" placeholder="name" value={field.name} onChange={(event) => onChange({ ...field, name: event.target.value })} />
      <Select aria-label="Field type" value={choice} onChange={(event) => onChange({ ...field, type: typeFor(event.target.value, field.type) })}>
        {TYPE_CHOICES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </Select>
      {field.type.kind === 'scalar' && <ScalarOptions spec={field.type} onChange={(type) => onChange({ ...field, type })} />}
      {field.type.kind === 'vector' && (
        <SizeInput
          label="Dimension"
          min={1}
          max={65536}
          value={field.type.dimension}
          onChange={(dimension) => onChange({ ...field, type: { kind: 'vector', dimension } })}
        />
      )}
      {field.type.kind === 'map' && <MapTypes type={field.type} onChange={(type) => onChange({ ...field, type })} />}
      {field.type.kind === 'list' && (
        <ListItem item={field.type.item} name={field.name} onChange={(item) => onChange({ ...field, type: { kind: 'list', item } })} />
      )}
      <label className={styles.nullable}>
        <input type="checkbox" aria-label="Nullable" checked={field.nullable} onChange={(event) => onChange({ ...field, nullable: event.target.checked })} />
        nullable
      </label>
      <button type="button" className="link-button" aria-label={`Remove ${label}`} onClick={onRemove}>
        Remove
      </button>
      {field.type.kind === 'struct' && (
        <SchemaEditor parent={field.name} fields={field.type.fields} onChange={(fields) => onChange({ ...field, type: { kind: 'struct', fields } })} />
      )}
    </div>
  )
}

type MapType = Extract<FieldType, { kind: 'map' }>

/** A map's key type and value type, each a scalar with its parameters. */
function MapTypes({ type, onChange }: { readonly type: MapType; readonly onChange: (type: MapType) => void }): ReactNode {
  const menu = (label: string, spec: ScalarSpec, set: (spec: ScalarSpec) => void): ReactNode => (
    <>
      <Select aria-label={label} value={spec.type} onChange={(event) => isScalarType(event.target.value) && set(scalar(event.target.value))}>
        {SCALAR_TYPES.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </Select>
      <ScalarOptions spec={spec} onChange={set} />
    </>
  )
  return (
    <>
      {menu('Key type', type.key, (key) => onChange({ ...type, key }))}
      {menu('Value type', type.value, (value) => onChange({ ...type, value }))}
    </>
  )
}

type ListItemType = Extract<FieldType, { kind: 'list' }>['item']

/** A list's item type: a scalar with its parameters, or a struct whose fields are edited one level in. */
function ListItem({
  item,
  name,
  onChange
}: {
  readonly item: ListItemType
  readonly name: string
  readonly onChange: (item: ListItemType) => void
}): ReactNode {
  const choose = (choice: string): void => {
    if (choice === 'struct') onChange({ kind: 'struct', fields: item.kind === 'struct' ? item.fields : [blankField()] })
    else if (isScalarType(choice)) onChange(choice === 'timestamp' ? scalar(choice, { zone: 'UTC' }) : scalar(choice))
  }
  return (
    <>
      <Select aria-label="Item type" value={item.kind === 'struct' ? 'struct' : item.type} onChange={(event) => choose(event.target.value)}>
        {[...SCALAR_TYPES, 'struct' as const].map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </Select>
      {item.kind === 'scalar' && <ScalarOptions spec={item} onChange={onChange} />}
      {item.kind === 'struct' && <SchemaEditor parent={`${name}[]`} fields={item.fields} onChange={(fields) => onChange({ kind: 'struct', fields })} />}
    </>
  )
}

/** The type for a menu choice, keeping what it can of the previous one. */
function typeFor(choice: string, previous: FieldType): FieldType {
  if (isScalarType(choice)) {
    // A new timestamp is in UTC; a zone-less one is chosen by clearing the zone.
    if (choice === 'timestamp') return scalar(choice, { zone: previous.kind === 'scalar' && previous.type === 'timestamp' ? previous.zone : 'UTC' })
    return scalar(choice)
  }
  switch (choice) {
    case 'vector':
      return { kind: 'vector', dimension: previous.kind === 'vector' ? previous.dimension : 8 }
    case 'list':
      return { kind: 'list', item: previous.kind === 'scalar' ? previous : scalar('string') }
    case 'map':
      return { kind: 'map', key: scalar('string'), value: previous.kind === 'scalar' ? previous : scalar('string') }
    default:
      return { kind: 'struct', fields: previous.kind === 'struct' ? previous.fields : [blankField()] }
  }
}

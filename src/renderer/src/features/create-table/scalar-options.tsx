/**
 * The parameters of a scalar field type, next to its type menu: the unit of a timestamp,
 * time or duration, the zone of a timestamp (empty for a zone-less one), and the precision
 * and scale of a decimal; and the whole-number box those and a vector's dimension share.
 */
import type { ReactNode } from 'react'
import { DEFAULT_DECIMAL, TIME_UNITS, decimalOf, unitOf, type ScalarSpec, type TimeUnitName } from '@shared/formats/schema-spec'
import styles from './create-table.module.css'
import { Select } from '../../ui/select'
import { NumberField, useNumberDraft } from '../../ui/number-field'

const UNIT_LABELS: Readonly<Record<TimeUnitName, string>> = { s: 's (seconds)', ms: 'ms (milliseconds)', us: 'us (microseconds)', ns: 'ns (nanoseconds)' }

interface Props {
  readonly spec: ScalarSpec
  readonly onChange: (spec: ScalarSpec) => void
}

/** Unit, zone, precision and scale inputs for the scalar types that take them; nothing for the others. */
export function ScalarOptions({ spec, onChange }: Props): ReactNode {
  if (spec.type === 'timestamp' || spec.type === 'time' || spec.type === 'duration') {
    return (
      <>
        <Select aria-label="Unit" value={unitOf(spec)} onChange={(event) => onChange({ ...spec, unit: event.target.value as TimeUnitName })}>
          {TIME_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {UNIT_LABELS[unit]}
            </option>
          ))}
        </Select>
        {spec.type === 'timestamp' && (
          <input
            aria-label="Time zone"
            className={styles.zone}
            placeholder="no zone"
            title="A zone such as UTC, Europe/Berlin or +01:00; empty for a zone-less (wall-clock) timestamp"
            value={spec.zone ?? ''}
            onChange={(event) => onChange({ ...spec, zone: event.target.value.trim() })}
          />
        )}
      </>
    )
  }
  if (spec.type === 'decimal') {
    const { precision, scale } = decimalOf(spec)
    return (
      <>
        <SizeInput
          label="Precision"
          min={1}
          max={76}
          title={`Digits in all (1 to 76; ${DEFAULT_DECIMAL.precision} unless set)`}
          value={precision}
          onChange={(value) => onChange({ ...spec, precision: value })}
        />
        <SizeInput label="Scale" min={0} max={76} title="Digits after the point" value={scale} onChange={(value) => onChange({ ...spec, scale: value })} />
      </>
    )
  }
  return null
}

interface SizeInputProps {
  readonly label: string
  readonly min: number
  readonly max: number
  readonly title?: string
  /** NaN while the box is empty or not a number, which the schema check then names. */
  readonly value: number
  readonly onChange: (value: number) => void
}

/** A small whole-number box of a field type (a vector's dimension, a decimal's precision or scale). */
export function SizeInput({ label, min, max, title, value, onChange }: SizeInputProps): ReactNode {
  const draft = useNumberDraft(value, { min, max }, (parsed) => onChange(parsed ?? Number.NaN))
  return <NumberField layout="bare" label={label} min={min} max={max} title={title} value={draft.text} onChange={draft.onChange} />
}

/**
 * The parameters of a scalar field type, next to its type menu: the unit of a timestamp,
 * time or duration, the zone of a timestamp (empty for a zone-less one), and the precision
 * and scale of a decimal.
 */
import type { ReactNode } from 'react'
import { DEFAULT_DECIMAL, TIME_UNITS, decimalOf, unitOf, type ScalarSpec, type TimeUnitName } from './schema-spec'
import styles from './create-table.module.css'

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
        <select aria-label="Unit" value={unitOf(spec)} onChange={(event) => onChange({ ...spec, unit: event.target.value as TimeUnitName })}>
          {TIME_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {UNIT_LABELS[unit]}
            </option>
          ))}
        </select>
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
        <input
          aria-label="Precision"
          type="number"
          min={1}
          max={76}
          className={styles.dimension}
          title={`Digits in all (1 to 76; ${DEFAULT_DECIMAL.precision} unless set)`}
          value={Number.isFinite(precision) ? precision : ''}
          onChange={(event) => onChange({ ...spec, precision: event.target.valueAsNumber })}
        />
        <input
          aria-label="Scale"
          type="number"
          min={0}
          max={76}
          className={styles.dimension}
          title="Digits after the point"
          value={Number.isFinite(scale) ? scale : ''}
          onChange={(event) => onChange({ ...spec, scale: event.target.valueAsNumber })}
        />
      </>
    )
  }
  return null
}

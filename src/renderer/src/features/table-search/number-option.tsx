/**
 * A small whole-number option of the search toolbar (k, nprobes, refine factor): the
 * kit's number field in its toolbar layout; only a valid number is applied, so a
 * half-typed value never reaches a search.
 */
import type { ReactNode } from 'react'
import { NumberField, useNumberDraft } from '../../ui/number-field'

interface Props {
  readonly label: string
  readonly value: number | null
  readonly min: number
  readonly max: number
  /** Empty text means null (the engine's default). */
  readonly optional?: boolean
  readonly onChange: (value: number | null) => void
}

/** A labelled whole-number input. */
export function NumberOption({ label, value, min, max, optional, onChange }: Props): ReactNode {
  const bounds = { min, max, optional }
  const draft = useNumberDraft(value, bounds, (parsed) => {
    if (parsed !== undefined) onChange(parsed)
  })
  return <NumberField layout="inline" label={label} {...bounds} value={draft.text} onChange={draft.onChange} />
}

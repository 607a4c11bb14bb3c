/**
 * The storage options of a directory profile on an object store, or of a REST profile
 * for the table locations its catalog returns: the options that apply to the scheme (region, endpoint, keys, …), plus any other option the profile already
 * has. Secret ones are password fields that show the stored value's mask; leaving one
 * empty keeps it.
 */
import type { ReactNode } from 'react'
import type { FieldErrors } from '@shared/profile-validation'
import { isSecretStorageOption, OBJECT_STORE_SCHEMES, STORAGE_OPTIONS, storageOptionsFor, type ObjectStoreScheme } from '@shared/storage-options'
import { Field } from '../../ui/field'
import { Select } from '../../ui/select'
import type { StorageForm } from './storage-form'
import styles from './profiles.module.css'
import { cx } from '../../ui/class-names'

interface Props {
  readonly scheme: ObjectStoreScheme
  /** The fieldset's legend; "Storage options" by default. */
  readonly legend?: string
  /** When given, a choice of store whose fields to show (a REST profile's table locations may be on any). */
  readonly onSchemeChange?: (scheme: ObjectStoreScheme) => void
  readonly storage: StorageForm
  readonly onChange: (name: string, value: string) => void
  /** Errors keyed `property:storage.<name>`, already filtered to what should show. */
  readonly errors: FieldErrors
  /** Where secrets are kept, in words. */
  readonly secretStorage: string | undefined
  /** The legend is for assistive technology only (a disclosure's summary already says it). */
  readonly hideLegend?: boolean
}

const SCHEME_NAMES: Record<ObjectStoreScheme, string> = {
  s3: 'S3 or S3-compatible (s3://)',
  gs: 'Google Cloud Storage (gs://)',
  az: 'Azure Blob Storage (az://)'
}

/** One field per storage option that applies. */
export function StorageFields({ scheme, legend = 'Storage options', onSchemeChange, storage, onChange, errors, secretStorage, hideLegend }: Props): ReactNode {
  const known = new Set(STORAGE_OPTIONS.map((o) => o.name))
  const others = [...new Set([...Object.keys(storage.values), ...Object.keys(storage.stored)])].filter((name) => !known.has(name))
  const fields = [...storageOptionsFor(scheme), ...others.map((name) => ({ name, label: name, secret: isSecretStorageOption(name), hint: undefined }))]
  return (
    <fieldset className={cx(hideLegend && styles.bareFieldset)}>
      <legend className={cx(hideLegend && 'visually-hidden')}>{legend}</legend>
      {onSchemeChange && (
        <div className="field">
          <label htmlFor="storage-scheme">Object store</label>
          <Select id="storage-scheme" value={scheme} onChange={(event) => onSchemeChange(event.target.value as ObjectStoreScheme)}>
            {OBJECT_STORE_SCHEMES.map((s) => (
              <option key={s} value={s}>
                {SCHEME_NAMES[s]}
              </option>
            ))}
          </Select>
        </div>
      )}
      <div className="field-columns">
        {fields.map((option) => {
          const stored = storage.stored[option.name]
          // "e.g." so an example never reads as a value already filled in.
          const placeholder = stored
            ? `${stored} (stored; leave empty to keep)`
            : option.hint && (option.hint.includes(' or ') ? option.hint : `e.g. ${option.hint}`)
          return (
            <Field
              key={option.name}
              label={option.label}
              type={option.secret ? 'password' : 'text'}
              value={storage.values[option.name] ?? ''}
              onChange={(value) => onChange(option.name, value)}
              error={errors[`property:storage.${option.name}`]}
              {...(placeholder ? { placeholder } : {})}
              hint={<code>{option.name}</code>}
            />
          )
        })}
      </div>
      <p className={cx('muted', styles.secretNote)}>
        Empty options are not sent; LanceDB then uses its defaults and the environment (AWS_*, GOOGLE_*, AZURE_* variables).
        {secretStorage ? ` Secret options: ${secretStorage}.` : ''}
      </p>
    </fieldset>
  )
}

/**
 * The profile editor: a dialog with the connection's fields, inline problems as the
 * person types (all of them once Save or Test connection is pressed), "Save" and
 * "Test connection" (which tests the form as it is, without saving).
 */
import { useState, type ReactNode } from 'react'
import type { ProfileKind, ProfileView, SecretStorageInfo } from '@shared/profile-types'
import { isSecretHeader } from '@shared/connection-policy'
import { rootLocation } from '@shared/storage-options'
import { ApiError } from '../../lib/api'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { Field } from '../../ui/field'
import { Disclosure } from '../../ui/disclosure'
import { Select } from '../../ui/select'
import {
  draftFromForm,
  emptyForm,
  formErrors,
  formErrorsFromMain,
  formFromView,
  leftBehindMessage,
  SECRETS_LEFT_BEHIND,
  secretsLeftBehind,
  withoutStoredSecrets,
  type EditorForm,
  type RestAuth
} from './editor-form'
import { HeaderRows } from './header-rows'
import { OAuth2Fields } from './oauth2-fields'
import { RootField } from './root-field'
import { StorageFields } from './storage-fields'
import { hasStorageValues } from './storage-form'
import { TestReport } from './test-report'
import { useSaveProfile, useTestConnection } from './use-profiles'
import styles from './profiles.module.css'
import { cx } from '../../ui/class-names'
import { plainHttpWarning } from './plain-http'

interface Props {
  /** The profile being edited; absent for a new one. */
  readonly profile?: ProfileView
  /** Names of the other profiles, for the unique-name rule. */
  readonly otherNames: readonly string[]
  readonly secretStorage: SecretStorageInfo | undefined
  readonly onClose: () => void
  /** Called with the saved profile before the editor closes. */
  readonly onSaved?: (view: ProfileView) => void
}

// The REST property that lets a profile open table locations on this machine (main reads it).
const LOCAL_LOCATIONS = 'allow_local_locations'

/** Creates or edits a profile. */
export function ProfileEditor({ profile, otherNames, secretStorage, onClose, onSaved }: Props): ReactNode {
  const [initialForm] = useState<EditorForm>(() => (profile ? formFromView(profile) : emptyForm()))
  const [formState, setForm] = useState<EditorForm>(initialForm)
  // A changed form is asked about before Escape or Cancel throws it away.
  const started = JSON.stringify(formState) !== JSON.stringify(initialForm)
  // Stored secrets stay with the server they were saved for: pointed elsewhere, the form
  // shows and checks every secret field as empty (the stored masks stay in `formState`, so
  // pointing back restores them).
  const leftBehind = secretsLeftBehind(profile, formState)
  const form = leftBehind ? withoutStoredSecrets(formState) : formState
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [showAll, setShowAll] = useState(false)
  const [mainErrors, setMainErrors] = useState<Readonly<Record<string, string>>>({})
  const save = useSaveProfile()
  const test = useTestConnection()

  const errors = { ...formErrors(form, otherNames), ...mainErrors }
  const visible = (field: string): string | undefined =>
    showAll || touched.has(field) || [...touched].some((t) => field.startsWith(`${t}:`)) ? errors[field] : undefined
  const change = (fields: Partial<EditorForm>, ...names: string[]): void => {
    // A report about another address is not about this form any more.
    if (fields.uri !== undefined && fields.uri !== formState.uri) test.reset()
    setForm((current) => ({ ...current, ...fields }))
    setTouched((current) => new Set([...current, ...names]))
    setMainErrors({})
  }

  const submit = (): void => {
    setShowAll(true)
    if (Object.keys(formErrors(form, otherNames)).length > 0) return
    const built = draftFromForm(form)
    save.mutate(
      { id: profile?.id ?? null, draft: built.draft },
      {
        onSuccess: (view) => {
          onSaved?.(view)
          onClose()
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError ? error.details?.['fieldErrors'] : undefined
          if (fieldErrors && typeof fieldErrors === 'object') setMainErrors(formErrorsFromMain(fieldErrors as Record<string, string>, built))
        }
      }
    )
  }

  const runTest = (): void => {
    setShowAll(true)
    if (Object.keys(formErrors(form)).length > 0) return
    test.mutate({ ...(profile ? { id: profile.id } : {}), draft: draftFromForm(form).draft })
  }

  const http = form.type !== 'dir'
  const objectStore = rootLocation(form.root)
  const noScheme = http && !/^https?:\/\//i.test(form.uri.trim()) ? 'The URI must start with http:// or https://' : undefined
  return (
    <Dialog
      title={profile ? `Edit ${profile.name}` : 'New connection'}
      onClose={onClose}
      discardQuestion={started ? (profile ? `Discard your changes to ${profile.name}?` : 'Discard the connection you started?') : null}
      onSubmit={submit}
      footer={{
        submitLabel: 'Save',
        busy: save.isPending,
        // Where secrets go, beside the button that stores them.
        extra: http && secretStorage && (
          <p className={cx('muted', styles.footerNote)}>Secrets (API key, token, headers marked secret): {secretStorage.description}.</p>
        )
      }}
    >
      <div className={styles.profileEditor}>
        <div className="field-columns">
          <Field label="Name" value={form.name} onChange={(name) => change({ name }, 'name')} error={visible('name')} placeholder="e.g. My catalog" />
          <div className="field">
            <label htmlFor="profile-type">Type</label>
            <Select id="profile-type" value={form.type} onChange={(event) => change({ type: event.target.value as ProfileKind })}>
              <option value="dir">Directory</option>
              <option value="rest">REST</option>
              <option value="enterprise">Enterprise</option>
            </Select>
          </div>
        </div>
        {form.type === 'dir' && <RootField value={form.root} onChange={(root) => change({ root }, 'root')} error={visible('root')} />}
        {form.type === 'dir' && objectStore.kind === 'object-store' && (
          <StorageFields
            scheme={objectStore.scheme}
            storage={form.storage}
            onChange={(name, value) =>
              change({ storage: { ...formState.storage, values: { ...formState.storage.values, [name]: value } } }, `property:storage.${name}`)
            }
            errors={Object.fromEntries(Object.keys(errors).flatMap((key) => (visible(key) ? [[key, errors[key] ?? '']] : [])))}
            secretStorage={secretStorage?.description}
          />
        )}
        {form.type === 'dir' && leftBehind && (
          <p role="status" className={styles.secretNote}>
            {SECRETS_LEFT_BEHIND}
          </p>
        )}
        {http && (
          <Field
            label="URI"
            value={form.uri}
            onChange={(uri) => change({ uri }, 'uri')}
            error={visible('uri')}
            placeholder={form.type === 'enterprise' ? 'e.g. https://<database>.<region>.api.lancedb.com' : 'e.g. https://catalog.example.com'}
            hint={form.type === 'enterprise' ? 'The Enterprise endpoint.' : 'The Lance REST catalog, with any base path.'}
          />
        )}
        {http && plainHttpWarning(form) && (
          <p role="status" className={styles.secretNote}>
            {plainHttpWarning(form)}
          </p>
        )}
        {form.type === 'rest' && (
          <div className="field">
            <label htmlFor="profile-auth">Authentication</label>
            <Select id="profile-auth" value={form.auth} onChange={(event) => change({ auth: event.target.value as RestAuth })}>
              <option value="headers">Headers only</option>
              <option value="bearer">Bearer token</option>
              <option value="oauth2">OAuth2 client credentials</option>
            </Select>
          </div>
        )}
        {form.type === 'rest' && form.auth === 'oauth2' && (
          <OAuth2Fields
            form={form.oauth2}
            onChange={(fields, field) => change({ oauth2: { ...formState.oauth2, ...fields } }, field)}
            errors={Object.fromEntries(Object.keys(errors).flatMap((key) => (key.startsWith('property:oauth2.') && visible(key) ? [[key, errors[key]]] : [])))}
          />
        )}
        {form.type === 'rest' && form.auth === 'bearer' && (
          <Field
            label="Token"
            type="password"
            value={form.token}
            onChange={(token) => change({ token }, 'token')}
            error={visible('token')}
            placeholder={form.tokenStored ? `${form.tokenStored} (stored; leave empty to keep)` : undefined}
            hint="Sent as Authorization: Bearer <token>."
          />
        )}
        {form.type === 'enterprise' && (
          <>
            <Field
              label="API key"
              type="password"
              value={form.apiKey}
              onChange={(apiKey) => change({ apiKey }, 'apiKey')}
              error={visible('apiKey')}
              placeholder={form.apiKeyStored ? `${form.apiKeyStored} (stored; leave empty to keep)` : undefined}
              hint="Sent as x-api-key."
            />
          </>
        )}
        {http && (
          <Disclosure summary="Headers" defaultOpen={form.headers.length > 0}>
            <HeaderRows
              hideLegend
              rows={form.headers}
              onChange={(headers) => {
                // A row keeps its stored mask while it stays secret; un-marking it drops the value.
                const kept = headers.map((row) => {
                  const secret = row.secret || isSecretHeader(row.name.trim())
                  return { ...row, stored: secret ? (formState.headers.find((r) => r.key === row.key)?.stored ?? null) : null }
                })
                change({ headers: kept }, ...headers.map((row) => `row:${row.key}`))
              }}
              errors={Object.fromEntries(Object.keys(errors).flatMap((key) => (visible(key) ? [[key, errors[key] ?? '']] : [])))}
              listError={visible('headers')}
            />
          </Disclosure>
        )}
        <div className={styles.testRow}>
          <Button onClick={runTest} busy={test.isPending} disabled={noScheme !== undefined} disabledReason={noScheme}>
            Test connection
          </Button>
          {test.isPending && <p role="status">Testing the connection…</p>}
        </div>
        {test.isError && <ErrorAlert error={test.error} />}
        {test.data && !test.isPending && <TestReport report={test.data} />}
        {form.type === 'rest' && (
          <Disclosure
            summary="Storage options for table locations"
            defaultOpen={hasStorageValues(form.storage) || Object.keys(errors).some((key) => key.startsWith('property:storage.') && visible(key))}
          >
            <StorageFields
              hideLegend
              scheme={form.locationScheme}
              legend="Storage options for table locations"
              onSchemeChange={(locationScheme) => change({ locationScheme })}
              storage={form.storage}
              onChange={(name, value) =>
                change({ storage: { ...formState.storage, values: { ...formState.storage.values, [name]: value } } }, `property:storage.${name}`)
              }
              errors={Object.fromEntries(Object.keys(errors).flatMap((key) => (visible(key) ? [[key, errors[key] ?? '']] : [])))}
              secretStorage={secretStorage?.description}
            />
          </Disclosure>
        )}
        {form.type === 'rest' && (
          <Disclosure summary="Advanced" defaultOpen={form.extra[LOCAL_LOCATIONS] !== undefined}>
            <div className="field">
              <label htmlFor="profile-local-locations">Table locations on this machine</label>
              <Select
                id="profile-local-locations"
                value={form.extra[LOCAL_LOCATIONS] ?? ''}
                onChange={(event) => {
                  const { [LOCAL_LOCATIONS]: _previous, ...others } = formState.extra
                  change({ extra: event.target.value === '' ? others : { ...others, [LOCAL_LOCATIONS]: event.target.value } })
                }}
              >
                <option value="">Open only from a catalog on this machine</option>
                <option value="true">Open</option>
                <option value="false">Refuse</option>
              </Select>
              <p className="field-hint muted">For file:// and local-path locations: a remote catalog could name any of your files.</p>
            </div>
          </Disclosure>
        )}
        {form.type === 'enterprise' && (
          <Disclosure summary="Advanced" defaultOpen={form.database !== '' || form.databasePrefix !== ''}>
            <Field
              label="Database"
              value={form.database}
              onChange={(database) => change({ database }, 'database')}
              error={visible('database')}
              hint="x-service-database: needed with private endpoints or host overrides."
            />
            <Field
              label="Database prefix"
              value={form.databasePrefix}
              onChange={(databasePrefix) => change({ databasePrefix }, 'databasePrefix')}
              error={visible('databasePrefix')}
              hint="x-service-database-prefix: when several databases share one endpoint."
            />
          </Disclosure>
        )}
        {http && leftBehind && (
          <p role="status" className={styles.secretNote}>
            {leftBehindMessage(profile, formState)}
          </p>
        )}
        {save.isError && !(save.error instanceof ApiError && save.error.details?.['fieldErrors']) && <ErrorAlert error={save.error} />}
      </div>
    </Dialog>
  )
}

/**
 * The OAuth2 client-credentials fields of a REST profile: Client ID and Client secret
 * (masked; kept in the secret store) in view, and the Token URL and Scopes, which most
 * catalogs leave at their defaults, folded unless they hold a value or a problem.
 */
import type { ReactNode } from 'react'
import { DEFAULT_TOKEN_PATH } from '@shared/oauth2'
import { Disclosure } from '../../ui/disclosure'
import { Field } from '../../ui/field'
import { OAUTH2_FIELDS, type OAuth2Form } from './oauth2-form'

interface Props {
  readonly form: OAuth2Form
  /** Called with the changed fields and the problem key of the field that changed. */
  readonly onChange: (fields: Partial<OAuth2Form>, field: string) => void
  /** Problem messages by key (`property:oauth2.*`), only those to show now. */
  readonly errors: Readonly<Record<string, string | undefined>>
}

/** The OAuth2 fields. */
export function OAuth2Fields({ form, onChange, errors }: Props): ReactNode {
  const endpointProblem = errors[OAUTH2_FIELDS.tokenUrl] !== undefined || errors[OAUTH2_FIELDS.scope] !== undefined
  return (
    <>
      <div className="field-columns">
        <Field
          label="Client ID"
          value={form.clientId}
          onChange={(clientId) => onChange({ clientId }, OAUTH2_FIELDS.clientId)}
          error={errors[OAUTH2_FIELDS.clientId]}
        />
        <Field
          label="Client secret"
          type="password"
          value={form.clientSecret}
          onChange={(clientSecret) => onChange({ clientSecret }, OAUTH2_FIELDS.clientSecret)}
          error={errors[OAUTH2_FIELDS.clientSecret]}
          placeholder={form.clientSecretStored ? `${form.clientSecretStored} (stored; leave empty to keep)` : undefined}
          hint="Sent only to the token endpoint it was saved for."
        />
      </div>
      <Disclosure summary="OAuth2 token URL and scopes" defaultOpen={form.tokenUrl !== '' || form.scope !== '' || endpointProblem}>
        <Field
          label="Token URL"
          value={form.tokenUrl}
          onChange={(tokenUrl) => onChange({ tokenUrl }, OAUTH2_FIELDS.tokenUrl)}
          error={errors[OAUTH2_FIELDS.tokenUrl]}
          placeholder={`e.g. ${DEFAULT_TOKEN_PATH} on the catalog URI`}
          hint={`Where to get tokens (grant type client_credentials). Empty means ${DEFAULT_TOKEN_PATH} on the catalog URI, as the Lance REST spec says.`}
        />
        <Field
          label="Scopes"
          value={form.scope}
          onChange={(scope) => onChange({ scope }, OAUTH2_FIELDS.scope)}
          error={errors[OAUTH2_FIELDS.scope]}
          hint="Separated by spaces; leave empty to ask for none."
        />
      </Disclosure>
    </>
  )
}

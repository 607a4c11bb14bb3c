/**
 * Moving profiles out of and into the app: a JSON export without secrets, its import, and
 * code snippets that open the same catalog with LanceDB's SDKs. Secret values never leave:
 * an export keeps a secret header's name with an empty value (so an import shows it as
 * needing a value), and a snippet reads it from an environment variable.
 */
import { z } from 'zod'
import { headerEntries, headerNameOf, isSecretHeader, plainProperties } from '../../shared/connection-policy'
import type { HeaderDraft, Profile, ProfileDraft } from '../../shared/profile-types'
import { validateProfileDraft } from '../../shared/profile-validation'
import { STORAGE_PROPERTY_PREFIX } from '../../shared/storage-options'
import { OAUTH2_PROPERTIES, tokenEndpoint, usesOAuth2 } from '../../shared/oauth2'

/** Marks a file as ours, so importing some other JSON fails with a clear message. */
export const EXPORT_FORMAT = 'lance-catalog-browser/profiles'
const EXPORT_VERSION = 1

const entrySchema = z.object({
  name: z.string(),
  connectType: z.enum(['dir', 'rest']),
  preset: z.enum(['enterprise', 'bearer']).optional(),
  properties: z.record(z.string(), z.string()),
  secretHeaders: z.array(z.string()).optional()
})

/** What an import produced: drafts ready for the store, and what was wrong with the rest. */
export interface ImportResult {
  readonly drafts: ProfileDraft[]
  readonly problems: string[]
}

/** The parts of a profile an export carries (and an import compares). */
type ExportedFields = Pick<Profile, 'name' | 'connectType' | 'preset' | 'properties' | 'secretHeaders'>

/** The profiles as JSON, with every secret header's value emptied and its name kept. */
export function exportProfiles(profiles: readonly Profile[]): string {
  return JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, profiles: profiles.map(exportEntry) }, null, 2) + '\n'
}

function exportEntry(profile: ExportedFields): z.infer<typeof entrySchema> {
  return {
    name: profile.name,
    connectType: profile.connectType,
    ...(profile.preset ? { preset: profile.preset } : {}),
    properties: withoutSecrets(profile),
    secretHeaders: headerEntries(profile.properties)
      .map(([name]) => name)
      .filter((name) => isSecretHeader(name, profile.secretHeaders))
  }
}

/**
 * Reads an export (or a bare array of its entries) into drafts. Entries that are
 * malformed or break the profile rules are skipped and described in `problems`. An entry
 * that matches a profile in `existing` exactly (name, type and every setting; secret
 * values are never compared, an export has none) is skipped as already here, so
 * importing the same file twice adds nothing. Other names that clash with `existing` or
 * an earlier entry get " (imported)" appended, so no profile is overwritten.
 */
export function importProfiles(json: string, existing: readonly ExportedFields[] = []): ImportResult {
  const problems: string[] = []
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch (error) {
    return { drafts: [], problems: [`The file is not valid JSON: ${(error as Error).message}.`] }
  }
  const list = Array.isArray(data) ? data : (data as { profiles?: unknown } | null)?.profiles
  const format = Array.isArray(data) ? EXPORT_FORMAT : (data as { format?: unknown } | null)?.format
  const version = Array.isArray(data) ? EXPORT_VERSION : (data as { version?: unknown } | null)?.version
  if (format !== EXPORT_FORMAT || !Array.isArray(list)) {
    return { drafts: [], problems: ['The file is not a profile export: it has no "profiles" list from this app.'] }
  }
  if (typeof version !== 'number' || version > EXPORT_VERSION) {
    return { drafts: [], problems: [`The file was exported by a newer version of the app (format ${String(version)}).`] }
  }

  const taken = existing.map((profile) => profile.name)
  const here = new Set(existing.map((profile) => sameness(exportEntry(profile))))
  const drafts: ProfileDraft[] = []
  list.forEach((entry: unknown, i) => {
    const parsed = entrySchema.safeParse(entry)
    const label = `Profile ${i + 1}${parsed.success ? ` ("${parsed.data.name}")` : ''}`
    if (!parsed.success) {
      const what = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'entry'}: ${issue.message}`).join('; ')
      problems.push(`${label} was skipped: ${what}.`)
      return
    }
    if (here.has(sameness(parsed.data))) {
      problems.push(`${label} was skipped: a profile with the same name and settings is already here.`)
      return
    }
    const draft = toDraft(parsed.data, taken)
    const errors = validateProfileDraft(draft, taken)
    if (Object.keys(errors).length > 0) {
      problems.push(`${label} was skipped: ${Object.values(errors).join(' ')}`)
      return
    }
    taken.push(draft.name)
    drafts.push(draft)
  })
  return { drafts, problems }
}

/**
 * A snippet that opens the profile's catalog with LanceDB's SDK: `connectNamespace` in
 * TypeScript (headers as a `headers` object), `lancedb.connect_namespace` in Python
 * (flat `headers.<Name>` properties). Secrets come from environment variables. A `dir`
 * profile's storage options are `storage.*` properties of the namespace; a REST profile's
 * (for table locations) go in as the connection's storage options (`storageOptions` /
 * `storage_options`), which LanceDB applies to a table the catalog gives none for.
 */
export function codeSnippet(profile: Profile, language: 'typescript' | 'python'): string {
  const env = secretEnvNames(profile)
  const notes = [...env].map(([header, variable]) => `${variable} (${header})`)
  const lead = language === 'typescript' ? '//' : '#'
  const sdk = language === 'typescript' ? 'TypeScript' : 'Python'
  // Secret storage options are left to the environment, where LanceDB's object store reads them.
  const storageSecrets = profile.secretHeaders
    .filter((key) => key.startsWith(STORAGE_PROPERTY_PREFIX))
    .map((key) => key.slice(STORAGE_PROPERTY_PREFIX.length).toUpperCase())
  const variables = [...notes, ...storageSecrets]
  const header = [
    `${lead} Opens the catalog of profile ${JSON.stringify(profile.name)} with LanceDB's ${sdk} SDK.`,
    `${lead} Generated by Lance Catalog Browser; check it against the LanceDB version you use.`,
    ...(variables.length > 0 ? [`${lead} Set these environment variables first: ${variables.join(', ')}.`] : []),
    ...oauth2SnippetNote(profile, lead)
  ]
  const hidden = [...(storageSecrets.length > 0 ? profile.secretHeaders : []), ...(usesOAuth2(profile.properties) ? Object.values(OAUTH2_PROPERTIES) : [])]
  const shown = hidden.length === 0 ? profile : { ...profile, properties: withoutKeys(profile.properties, hidden) }
  const body = language === 'typescript' ? typescriptBody(shown, env) : pythonBody(shown, env)
  return [...header, ...restStorageNote(shown, lead), ...body].join('\n') + '\n'
}

// LanceDB's clients take static headers: an OAuth2 profile's snippet says where to get the token.
function oauth2SnippetNote(profile: Profile, lead: string): string[] {
  if (profile.connectType !== 'rest' || !usesOAuth2(profile.properties)) return []
  const url = tokenEndpoint(profile.properties['uri'] ?? '', profile.properties[OAUTH2_PROPERTIES.tokenUrl])?.href ?? 'the token endpoint'
  const client = profile.properties[OAUTH2_PROPERTIES.clientId] ?? ''
  return [
    `${lead} This profile uses OAuth2 client credentials (client "${client}"): get a token from ${url}`,
    `${lead} (grant_type=client_credentials) and add the header "Authorization": "Bearer <token>".`
  ]
}

/** A REST profile's storage options without their `storage.` prefix (dir profiles keep theirs as properties). */
function restStorageOptions(profile: Profile): [string, string][] {
  if (profile.connectType !== 'rest') return []
  return Object.entries(profile.properties)
    .filter(([key]) => key.startsWith(STORAGE_PROPERTY_PREFIX))
    .map(([key, value]) => [key.slice(STORAGE_PROPERTY_PREFIX.length), value])
}

// LanceDB uses the connection's storage options for a table the catalog's answer gives
// none for; options given to open_table are merged under the catalog's (see README).
function restStorageNote(profile: Profile, lead: string): string[] {
  if (restStorageOptions(profile).length === 0) return []
  const open = lead === '//' ? 'db.openTable(name, namespace, { storageOptions })' : 'db.open_table(name, namespace_path=..., storage_options=...)'
  return [
    `${lead} The storage options are for table locations: LanceDB applies them to a table the catalog gives none for.`,
    `${lead} To add them under the catalog's own, pass them to ${open} too`,
    `${lead} (LanceDB 0.39 then stops renewing expiring credentials the catalog vends).`
  ]
}

function withoutKeys(properties: Readonly<Record<string, string>>, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(properties).filter(([key]) => !keys.includes(key)))
}

function typescriptBody(profile: Profile, env: Map<string, string>): string[] {
  const lines = ['import { connectNamespace } from "@lancedb/lancedb";', '']
  const main = profile.connectType === 'dir' ? 'root' : 'uri'
  const storage = restStorageOptions(profile)
  const extra = Object.entries(plainProperties(profile.properties)).filter(
    ([key]) => key !== main && !(storage.length > 0 && key.startsWith(STORAGE_PROPERTY_PREFIX))
  )
  lines.push(`const db = await connectNamespace(${JSON.stringify(profile.connectType)}, {`)
  lines.push(`  ${main}: ${JSON.stringify(profile.properties[main] ?? '')},`)
  const headers = headerEntries(profile.properties)
  if (headers.length > 0) {
    lines.push('  headers: {')
    for (const [name, value] of headers) {
      const variable = env.get(name)
      const expr = variable === undefined ? JSON.stringify(value) : tsSecret(profile, name, variable)
      lines.push(`    ${JSON.stringify(name)}: ${expr},`)
    }
    lines.push('  },')
  }
  if (extra.length > 0) {
    lines.push('  extraProperties: {')
    for (const [key, value] of extra) lines.push(`    ${JSON.stringify(key)}: ${JSON.stringify(value)},`)
    lines.push('  },')
  }
  if (storage.length === 0) {
    lines.push('});')
    return lines
  }
  // The REST namespace takes storage options as the connection's, not as properties.
  lines.push('}, {', '  storageOptions: {')
  for (const [key, value] of storage) lines.push(`    ${JSON.stringify(key)}: ${JSON.stringify(value)},`)
  lines.push('  },', '});')
  return lines
}

function pythonBody(profile: Profile, env: Map<string, string>): string[] {
  const lines = env.size > 0 ? ['import os', '', 'import lancedb', ''] : ['import lancedb', '']
  const storage = restStorageOptions(profile)
  lines.push('db = lancedb.connect_namespace(', `    ${JSON.stringify(profile.connectType)},`, '    {')
  for (const [key, value] of Object.entries(profile.properties)) {
    if (storage.length > 0 && key.startsWith(STORAGE_PROPERTY_PREFIX)) continue
    const name = headerNameOf(key)
    const variable = name === null ? undefined : env.get(name)
    const expr = variable === undefined || name === null ? JSON.stringify(value) : pySecret(profile, name, variable)
    lines.push(`        ${JSON.stringify(key)}: ${expr},`)
  }
  lines.push('    },')
  if (storage.length > 0) {
    // The REST namespace takes storage options as the connection's, not as properties.
    lines.push('    storage_options={')
    for (const [key, value] of storage) lines.push(`        ${JSON.stringify(key)}: ${JSON.stringify(value)},`)
    lines.push('    },')
  }
  lines.push(')')
  return lines
}

// A bearer profile stores "Bearer <token>"; its snippet asks for the token alone.
function isBearerToken(profile: Profile, header: string): boolean {
  return profile.preset === 'bearer' && header.toLowerCase() === 'authorization'
}

function tsSecret(profile: Profile, header: string, variable: string): string {
  return isBearerToken(profile, header) ? `\`Bearer \${process.env.${variable} ?? ""}\`` : `process.env.${variable} ?? ""`
}

function pySecret(profile: Profile, header: string, variable: string): string {
  const read = `os.environ[${JSON.stringify(variable)}]`
  return isBearerToken(profile, header) ? `"Bearer " + ${read}` : read
}

/** Secret header name -> environment variable that supplies it in a snippet. */
function secretEnvNames(profile: Profile): Map<string, string> {
  const names = new Map<string, string>()
  const used = new Set<string>()
  for (const [header] of headerEntries(profile.properties)) {
    if (!isSecretHeader(header, profile.secretHeaders)) continue
    const lower = header.toLowerCase()
    const base =
      lower === 'x-api-key'
        ? 'LANCE_API_KEY'
        : lower === 'authorization'
          ? profile.preset === 'bearer'
            ? 'LANCE_TOKEN'
            : 'LANCE_AUTHORIZATION'
          : `LANCE_HEADER_${header.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`
    let variable = base
    for (let n = 2; used.has(variable); n++) variable = `${base}_${n}`
    used.add(variable)
    names.set(header, variable)
  }
  return names
}

function withoutSecrets(profile: ExportedFields): Record<string, string> {
  // Blank secret values even though stored profiles hold none, so a profile that somehow
  // carries one (a spec merged with its secrets, say) still cannot leak into an export.
  return Object.fromEntries(
    Object.entries(profile.properties).map(([key, value]) => {
      const header = headerNameOf(key)
      return [key, header !== null && isSecretHeader(header, profile.secretHeaders) ? '' : value]
    })
  )
}

/** A key equal for two entries exactly when they name the same profile with the same settings. */
function sameness(entry: z.infer<typeof entrySchema>): string {
  const properties = Object.entries(entry.properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const secrets = (entry.secretHeaders ?? []).map((name) => name.toLowerCase()).sort()
  return JSON.stringify([entry.name.trim().toLowerCase(), entry.connectType, entry.preset ?? null, properties, secrets])
}

function toDraft(entry: z.infer<typeof entrySchema>, taken: readonly string[]): ProfileDraft {
  const marked = entry.secretHeaders ?? []
  const headers = headerEntries(entry.properties).map(([name, value]): HeaderDraft => {
    if (!isSecretHeader(name, marked)) return { name, value }
    // An export leaves secrets empty: undefined makes the new profile show "needs a value".
    return value === '' ? { name, secret: true } : { name, value, secret: true }
  })
  return {
    name: freeName(entry.name.trim(), taken),
    connectType: entry.connectType,
    ...(entry.preset && entry.connectType === 'rest' ? { preset: entry.preset } : {}),
    properties: plainProperties(entry.properties),
    // Headers on a dir entry are kept so validation reports them instead of dropping them.
    headers
  }
}

function freeName(name: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((t) => t.trim().toLowerCase()))
  if (name === '' || !lower.has(name.toLowerCase())) return name
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${name} (imported)` : `${name} (imported ${n})`
    if (!lower.has(candidate.toLowerCase())) return candidate
  }
}

import { describe, expect, it } from 'vitest'
import type { ProfileView } from '@shared/profile-types'
import {
  draftFromForm,
  emptyForm,
  emptyRow,
  formErrors,
  formErrorsFromMain,
  formFromView,
  secretsLeftBehind,
  withoutStoredSecrets,
  type EditorForm
} from './editor-form'

const rest = (rows: Array<Partial<ReturnType<typeof emptyRow>>>): EditorForm => ({
  ...emptyForm(),
  name: 'Server',
  uri: 'http://127.0.0.1:8080',
  headers: rows.map((row) => ({ ...emptyRow(), ...row }))
})

describe('the profile editor form', () => {
  it('turns header rows into headers, marking always-secret names secret', () => {
    const { draft } = draftFromForm(
      rest([
        { name: 'x-api-key', value: 'KEY' },
        { name: 'x-trace', value: 't' }
      ])
    )
    expect(draft).toEqual({
      name: 'Server',
      connectType: 'rest',
      properties: { uri: 'http://127.0.0.1:8080' },
      headers: [
        { name: 'x-api-key', value: 'KEY', secret: true },
        { name: 'x-trace', value: 't', secret: false }
      ]
    })
  })

  it('shows invalid header names and values next to their row', () => {
    const form = rest([
      { name: 'bad name', value: 'x' },
      { name: 'ok', value: 'a\u0000b' }
    ])
    const errors = formErrors(form, [])
    const [first, second] = form.headers
    expect(errors[`row:${first?.key}:name`]).toMatch(/not a valid header name: a space/)
    expect(errors[`row:${second?.key}:value`]).toMatch(/NUL/)
  })

  it('flags duplicate header names and a missing name', () => {
    const form = {
      ...rest([
        { name: 'X-A', value: '1' },
        { name: 'x-a', value: '2' }
      ]),
      name: ' '
    }
    const errors = formErrors(form, [])
    expect(errors['name']).toBeDefined()
    expect(errors[`row:${form.headers[1]?.key}:name`]).toMatch(/already set in row 1/)
    // A test run needs no name.
    expect(formErrors(form)['name']).toBeUndefined()
  })

  it('builds the Enterprise headers from their fields and asks for the key', () => {
    const form: EditorForm = { ...emptyForm(), name: 'E', type: 'enterprise', uri: 'https://db.example.com', database: 'analytics', databasePrefix: '' }
    expect(formErrors(form, [])['apiKey']).toBeDefined()
    const { draft } = draftFromForm({ ...form, apiKey: 'sk-1' })
    expect(draft.preset).toBe('enterprise')
    expect(draft.headers).toEqual([
      { name: 'x-api-key', value: 'sk-1', secret: true },
      { name: 'x-service-database', value: 'analytics' }
    ])
  })

  it('writes a bearer token as "Bearer <token>"', () => {
    const form: EditorForm = { ...rest([]), auth: 'bearer', token: 'tok-123' }
    expect(draftFromForm(form).draft).toMatchObject({ preset: 'bearer', headers: [{ name: 'Authorization', value: 'Bearer tok-123', secret: true }] })
    expect(formErrors({ ...form, token: '' }, [])['token']).toBe('Enter the token.')
  })

  it('round-trips a saved Enterprise profile, keeping stored secrets unless retyped', () => {
    const view: ProfileView = {
      id: 'p1',
      name: 'Prod',
      connectType: 'rest',
      preset: 'enterprise',
      kind: 'enterprise',
      properties: { uri: 'https://db', 'headers.x-api-key': '••••3f9a', 'headers.x-service-database': 'db1', 'headers.X-Token': '••••9999', delimiter: '.' },
      secretHeaders: ['x-api-key', 'X-Token'],
      hasSecret: { 'x-api-key': true, 'X-Token': true }
    }
    const form = formFromView(view)
    expect(form).toMatchObject({ type: 'enterprise', apiKey: '', apiKeyStored: '••••3f9a', database: 'db1', extra: { delimiter: '.' } })
    expect(form.headers).toEqual([expect.objectContaining({ name: 'X-Token', value: '', secret: true, stored: '••••9999' })])
    expect(formErrors(form, [])).toEqual({})
    const { draft } = draftFromForm(form)
    expect(draft.properties).toEqual({ delimiter: '.', uri: 'https://db' })
    expect(draft.headers.map((h) => [h.name, h.value])).toEqual([
      ['x-api-key', undefined],
      ['x-service-database', 'db1'],
      ['X-Token', undefined]
    ])
  })

  it("maps main's per-header errors back to the form fields", () => {
    const form = rest([{ name: 'a', value: '1' }])
    const built = draftFromForm(form)
    expect(formErrorsFromMain({ 'header:0:name': 'bad', uri: 'no' }, built)).toEqual({ [`row:${form.headers[0]?.key}:name`]: 'bad', uri: 'no' })
  })

  it('asks for the secrets again when the URI moves to another server, not when only the path changes', () => {
    const view: ProfileView = {
      id: 'p1',
      name: 'Ent',
      kind: 'enterprise',
      connectType: 'rest',
      preset: 'enterprise',
      properties: { uri: 'https://db.example.com/a', 'headers.x-api-key': '••••3f9a' },
      secretHeaders: ['x-api-key'],
      hasSecret: { 'x-api-key': true }
    }
    const form = formFromView(view)
    expect(secretsLeftBehind(view, { ...form, uri: 'https://DB.example.com:443/b' })).toBe(false)
    expect(formErrors(form, [])['apiKey']).toBeUndefined()
    for (const uri of ['https://db.example.com:8443', 'http://db.example.com', 'https://other.example.com']) {
      const moved = { ...form, uri }
      expect(secretsLeftBehind(view, moved)).toBe(true)
      expect(formErrors(withoutStoredSecrets(moved), [])['apiKey']).toBe('Enter the API key.')
    }
    // Nothing stored, nothing to say.
    expect(secretsLeftBehind({ ...view, hasSecret: { 'x-api-key': false } }, { ...form, uri: 'https://other.example.com' })).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { emptyForm, emptyRow, type EditorForm } from './editor-form'
import { plainHttpWarning } from './plain-http'

const form = (uri: string, change: Partial<EditorForm> = {}): EditorForm => ({ ...emptyForm(), type: 'rest', uri, ...change })
const keyHeader = { headers: [{ ...emptyRow(), name: 'x-api-key', value: 'KEY' }] }

describe('the plain http:// warning', () => {
  it('warns when a key, token or secret header would cross the network unencrypted', () => {
    expect(plainHttpWarning(form('http://catalog.example.com', keyHeader))).toMatch(/catalog\.example\.com is reached over plain http:\/\/.*Use https:\/\//)
    expect(plainHttpWarning(form('HTTP://10.0.0.5:2333', { auth: 'bearer', token: 't' }))).toMatch(/10\.0\.0\.5/)
    expect(plainHttpWarning(form('http://catalog.example.com', { headers: [{ ...emptyRow(), name: 'x-team', value: 'v', secret: true }] }))).not.toBeNull()
    expect(plainHttpWarning({ ...form('http://catalog.example.com'), type: 'enterprise' })).not.toBeNull()
  })

  it('stays quiet over https://, on this machine, or without secrets', () => {
    expect(plainHttpWarning(form('https://catalog.example.com', keyHeader))).toBeNull()
    expect(plainHttpWarning(form('http://127.0.0.1:2333', keyHeader))).toBeNull()
    expect(plainHttpWarning(form('http://localhost:2333', keyHeader))).toBeNull()
    expect(plainHttpWarning(form('http://catalog.example.com', { headers: [{ ...emptyRow(), name: 'x-team', value: 'v' }] }))).toBeNull()
  })
})

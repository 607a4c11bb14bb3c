import { describe, expect, it } from 'vitest'
import { errorDetailsText, errorFacts, errorSentence } from './error-details'

describe('error details', () => {
  it('reads name, message and stack from an Error', () => {
    const error = new TypeError('destroy_ is not a function')
    expect(errorFacts(error)).toEqual({ name: 'TypeError', message: 'destroy_ is not a function', stack: error.stack })
  })

  it('describes thrown strings, error-like objects and other values without failing', () => {
    expect(errorFacts('plain')).toEqual({ name: 'Error', message: 'plain', stack: undefined })
    expect(errorFacts({ name: 'AbortError', message: 'stopped' })).toMatchObject({ name: 'AbortError', message: 'stopped' })
    expect(errorFacts(42).message).toBe('A non-error value was thrown: 42')
    expect(errorFacts(undefined).message).toBe('A non-error value was thrown: undefined')
    const cyclic: Record<string, unknown> = {}
    cyclic['self'] = cyclic
    expect(errorFacts(cyclic).message).toBe('A non-error value was thrown: [object Object]')
  })

  it('says in one sentence what stopped working and why', () => {
    expect(errorSentence('The catalog tree', new Error('Cannot read properties of undefined.'))).toBe(
      'The catalog tree stopped working because of an unexpected error (Cannot read properties of undefined).'
    )
    expect(errorSentence('The data grid', new Error(''))).toBe('The data grid stopped working because of an unexpected error (no message was given).')
    expect(errorSentence('A background task', 'timeout', 'failed')).toBe('A background task failed because of an unexpected error (timeout).')
  })

  it('puts region, error, time, stack and component stack into the copied text', () => {
    const error = new RangeError('bad index')
    const text = errorDetailsText('The data grid', error, { componentStack: '\n    at DataGrid\n    at TableData', when: new Date('2026-01-02T03:04:05Z') })
    expect(text).toContain('What failed: The data grid')
    expect(text).toContain('Error: RangeError: bad index')
    expect(text).toContain('When: 2026-01-02T03:04:05.000Z')
    expect(text).toContain(`Stack:\n${error.stack}`)
    expect(text).toContain('Component stack:\n    at DataGrid\n    at TableData')
  })
})

import { describe, expect, it } from 'vitest'
import { technicalDetails } from './technical-details'

describe('technicalDetails', () => {
  it('lists the full cause and the HTTP exchange behind a short message', () => {
    const cause = 'lance error: LanceError(IO): bad data, /usr/local/cargo/registry/src/lance-io-10.0.0/src/utils.rs:71:20'
    const lines = technicalDetails('Could not count the rows of table "t": lance error: LanceError(IO): bad data', {
      cause,
      table: 't',
      status: 500,
      method: 'POST',
      url: 'http://127.0.0.1:2333/v1/table/t/count_rows'
    })
    expect(lines).toEqual([
      { label: 'Request', value: 'POST http://127.0.0.1:2333/v1/table/t/count_rows' },
      { label: 'HTTP status', value: '500' },
      { label: 'Cause', value: cause },
      { label: 'table', value: 't' }
    ])
  })

  it('shows nothing when the details only repeat the message', () => {
    expect(technicalDetails('Bad name', { serverMessage: 'Bad name' })).toEqual([])
    expect(technicalDetails('Bad name', undefined)).toEqual([])
  })
})

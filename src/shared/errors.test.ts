import { describe, expect, it } from 'vitest'
import { CatalogError, toErrorValue, userMessage } from './errors'

// Messages LanceDB 0.37.1 produced in this project's tests (a catalog under /tmp/i9s/cat-G9DDgm),
// kept as samples of what userMessage must clean: Rust source locations, cargo paths, temp folders.
const NOT_FOUND =
  "Table 'broken' exists but could not be loaded (it may be corrupt or incomplete): Dataset at path tmp/i9s/cat-G9DDgm/broken.lance was not found: Not found: tmp/i9s/cat-G9DDgm/broken.lance/_versions, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-table-10.0.0/src/io/commit.rs:646:26, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-10.0.0/src/dataset/builder.rs:872:29  Caused by: Dataset at path tmp/i9s/cat-G9DDgm/broken.lance was not found"
const DEBUG_LOCATION =
  'Runtime error: Namespace error: Internal error: Failed to create manifest dataset: IO { source: Os { code: 2, kind: NotFound, message: "No such file or directory" }, location: Location { file: "/usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-io-10.0.0/src/object_store.rs", line: 793, column: 21 }, backtrace: MaybeBacktrace }'
const TOO_LONG =
  'Failed to stage table t: Generic { store: "LocalFileSystem", source: UnableToOpenFile { source: Os { code: 36, kind: InvalidFilename, message: "File name too long" }, path: "/tmp/i9s/cat-G9DDgm/t.lance/lance-marker.staging.fd4#1" } }'
const RUSTC =
  'Generic memory error: Invalid range 0..2399 for object of size 2 bytes, /rustc/2d8144b7880597b6e6d3dfd63a9a9efae3f533d3/library/core/src/ops/function.rs:250:5'

describe('userMessage', () => {
  it.each([NOT_FOUND, DEBUG_LOCATION, TOO_LONG, RUSTC])('drops Rust source locations and folder paths from %#', (text) => {
    const message = userMessage(text)
    expect(message).not.toMatch(/\.rs\b|cargo|rustc|Caused by|backtrace/)
    expect(message).not.toMatch(/i9s|cat-G9DDgm|\/tmp/)
    expect(message.length).toBeGreaterThan(20)
  })

  it('keeps what a person needs: the sentence and the name of the file', () => {
    expect(userMessage(NOT_FOUND)).toBe(
      "Table 'broken' exists but could not be loaded (it may be corrupt or incomplete): Dataset at path …/broken.lance was not found: Not found: …/_versions"
    )
    expect(userMessage(DEBUG_LOCATION)).toContain('No such file or directory')
  })

  it('leaves URLs, identifiers and plain sentences alone', () => {
    for (const text of [
      'GET http://127.0.0.1:1234/v1/namespace/a/b/list failed',
      's3://bucket/a/b/c is missing',
      'Table "a$b" already exists.',
      'No field named x'
    ]) {
      expect(userMessage(text)).toBe(text)
    }
  })
})

describe('error values', () => {
  it('an unexpected error shows the clean message and its whole chain as the cause, without source locations or paths', () => {
    const value = toErrorValue(new Error(NOT_FOUND))
    expect(value.code).toBe('internal')
    expect(value.message).not.toMatch(/\.rs:\d+|cat-G9DDgm/)
    expect(value.details?.cause).toMatch(/^Table 'broken' exists .* Caused by: Dataset at path …\/broken\.lance was not found$/)
    expect(value.details?.cause).not.toMatch(/\.rs\b|cargo|registry|cat-G9DDgm|\/tmp/)
  })

  it("a CatalogError's details lose source locations, and the text from below its paths; the URL stays", () => {
    const url = 'http://127.0.0.1:8080/v1/table/a%24b/describe'
    const error = new CatalogError('internal', 'Could not open table "t".', {
      cause: DEBUG_LOCATION,
      serverMessage: NOT_FOUND,
      url,
      where: `read ${RUSTC}`,
      status: 500
    })
    const details = error.toValue().details ?? {}
    expect(JSON.stringify(details)).not.toMatch(/\.rs\b|cargo|registry|rustc|cat-G9DDgm|\/tmp\//)
    expect(details).toMatchObject({ url, status: 500, where: 'read Generic memory error: Invalid range 0..2399 for object of size 2 bytes' })
    expect(details.cause).toContain('No such file or directory')
  })

  it('a CatalogError crosses IPC without Rust source locations, its own words kept', () => {
    const error = new CatalogError('server_error', `The server said: "${RUSTC}" for /srv/catalog/x.lance`, { status: 500 })
    const value = error.toValue()
    expect(value.message).toBe('The server said: "Generic memory error: Invalid range 0..2399 for object of size 2 bytes" for /srv/catalog/x.lance')
    expect(value.details).toEqual({ status: 500 })
  })
})

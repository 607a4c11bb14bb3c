import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_CSP, APP_ENTRY_URL, appResponseHeaders, resolveAppFile } from './app-protocol'

const root = '/opt/app/out/renderer'

describe('app:// scheme', () => {
  it('maps the entry and assets to files inside the renderer folder, with their content type', () => {
    expect(resolveAppFile(APP_ENTRY_URL, root)).toEqual({ ok: true, file: join(root, 'index.html'), contentType: 'text/html; charset=utf-8' })
    expect(resolveAppFile('app://renderer/', root)).toMatchObject({ ok: true, file: join(root, 'index.html') })
    expect(resolveAppFile('app://renderer/assets/index-abc.js?x=1#y', root)).toMatchObject({
      ok: true,
      file: join(root, 'assets/index-abc.js'),
      contentType: 'text/javascript; charset=utf-8'
    })
  })

  it('refuses paths that climb out of the folder, other hosts and bad URLs', () => {
    expect(resolveAppFile('app://renderer/../../etc/passwd', root)).toMatchObject({ ok: true, file: join(root, 'etc/passwd') })
    // The URL parser folds dot segments, encoded or not, before the path reaches us.
    expect(resolveAppFile('app://renderer/%2e%2e/%2e%2e/etc/passwd', root)).toMatchObject({ ok: true, file: join(root, 'etc/passwd') })
    expect(resolveAppFile('app://renderer/assets/..%2f..%2f..%2fsecret', root)).toEqual({ ok: false, status: 404 })
    expect(resolveAppFile('app://renderer/%E0%A4%A', root)).toEqual({ ok: false, status: 400 })
    expect(resolveAppFile('app://renderer/a%00b', root)).toEqual({ ok: false, status: 400 })
    expect(resolveAppFile('app://evil/index.html', root)).toEqual({ ok: false, status: 404 })
    expect(resolveAppFile('file:///opt/app/out/renderer/index.html', root)).toEqual({ ok: false, status: 404 })
    expect(resolveAppFile('not a url', root)).toEqual({ ok: false, status: 400 })
  })

  it('sends the same CSP as the page meta tag, as a header, on every response', async () => {
    const html = await readFile(new URL('../../renderer/index.html', import.meta.url), 'utf8')
    const meta = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1]
    expect(meta).toBe(APP_CSP)
    const headers = appResponseHeaders('text/html; charset=utf-8')
    // Cells' thumbnails and media play from blob: URLs the page makes; nothing else is let in.
    expect(headers['content-security-policy']).toBe("default-src 'self'; img-src 'self' blob:; media-src blob:")
    expect(headers['x-content-type-options']).toBe('nosniff')
  })
})

import { describe, expect, it } from 'vitest'
import { APP_ORIGIN } from './app-protocol'
import { appOriginFor, isAppUrl, navigationDecision, windowOpenDecision } from './navigation-policy'

describe('navigation policy', () => {
  it('keeps only the app origin in the window', () => {
    expect(navigationDecision('app://renderer/index.html#/x', APP_ORIGIN)).toBe('allow')
    expect(navigationDecision('app://renderer.evil/index.html', APP_ORIGIN)).toBe('block')
    expect(navigationDecision('app://other/index.html', APP_ORIGIN)).toBe('block')
    expect(navigationDecision('file:///etc/passwd', APP_ORIGIN)).toBe('block')
    expect(navigationDecision('javascript:alert(1)', APP_ORIGIN)).toBe('block')
    expect(navigationDecision('data:text/html,<b>x</b>', APP_ORIGIN)).toBe('block')
    expect(navigationDecision('https://lancedb.com/docs', APP_ORIGIN)).toBe('external')
    expect(navigationDecision('http://127.0.0.1:8080/', APP_ORIGIN)).toBe('external')
  })

  it('uses the dev server origin only when one is given', () => {
    expect(appOriginFor(undefined, APP_ORIGIN)).toBe('app://renderer')
    expect(appOriginFor('http://localhost:5173/', APP_ORIGIN)).toBe('http://localhost:5173')
    expect(isAppUrl('http://localhost:5173/index.html', 'http://localhost:5173')).toBe(true)
    expect(isAppUrl('http://localhost:5174/index.html', 'http://localhost:5173')).toBe(false)
    expect(isAppUrl('app://renderer/index.html', 'http://localhost:5173')).toBe(false)
  })

  it('never opens a new window; http(s) targets go to the link policy', () => {
    expect(windowOpenDecision('https://lancedb.com')).toEqual({ action: 'deny', external: true })
    expect(windowOpenDecision('app://renderer/index.html')).toEqual({ action: 'deny', external: false })
    expect(windowOpenDecision('file:///tmp/x')).toEqual({ action: 'deny', external: false })
    expect(windowOpenDecision('about:blank')).toEqual({ action: 'deny', external: false })
  })
})

import { describe, expect, it } from 'vitest'
import { isLocalLocation, locationOptions, rfc3986Path } from './location-rules'

const own = { endpoint: 'https://minio.internal:9000', region: 'us-east-1', aws_access_key_id: 'AKIAPROFILE', aws_secret_access_key: 'profile-secret' }

describe('the storage options a table at a location is opened with', () => {
  it("uses the profile's credentials with the profile's placement, the catalog's harmless options over them", () => {
    expect(locationOptions(own, { region: 'us-east-1', virtual_hosted_style_request: 'true', expires_at_millis: '9' })).toEqual({
      ok: true,
      options: { ...own, virtual_hosted_style_request: 'true', expires_at_millis: '9' }
    })
  })

  it("uses the catalog's credentials as a set, never mixed with the profile's", () => {
    expect(locationOptions(own, { aws_access_key_id: 'AKIAVENDED', endpoint: 'https://other.example' })).toEqual({
      ok: true,
      options: { endpoint: 'https://other.example', region: 'us-east-1', aws_access_key_id: 'AKIAVENDED' }
    })
  })

  it.each([
    [{ endpoint: 'https://elsewhere.example' }, 'endpoint=https://elsewhere.example'],
    [{ region: 'eu-west-1' }, 'region=eu-west-1'],
    [{ aws_endpoint_url: 'http://127.0.0.1:1' }, 'aws_endpoint_url=http://127.0.0.1:1'],
    [{ aws_metadata_endpoint: 'http://169.254.0.9' }, 'aws_metadata_endpoint=http://169.254.0.9']
  ])("refuses the profile's credentials with a place the catalog chose (%j)", (vended, named) => {
    const refused = locationOptions(own, vended)
    expect(refused.ok).toBe(false)
    expect(refused.ok ? '' : refused.reason).toContain(named)
  })

  it('merges freely when the profile has no credentials to protect', () => {
    expect(locationOptions({ region: 'us-east-1' }, { endpoint: 'https://catalog-store.example' })).toEqual({
      ok: true,
      options: { region: 'us-east-1', endpoint: 'https://catalog-store.example' }
    })
  })
})

describe('locations on this machine', () => {
  it.each([
    ['file:///home/me/t.lance', true],
    ['/srv/lake/t.lance', true],
    ['relative/t.lance', true],
    ['C:\\lake\\t.lance', true],
    ['s3://bucket/t.lance', false],
    ['gs://bucket/t.lance', false],
    ['az://container/t.lance', false]
  ])('%s is local: %s', (location, local) => {
    expect(isLocalLocation(location)).toBe(local)
  })
})

describe('paths as RFC 3986 servers read them', () => {
  it("turns LanceDB's '+' (a space) into %20 in the path only", () => {
    expect(rfc3986Path('/v1/table/Q3+sales%24a%2Bb/describe?delimiter=%24&q=a+b')).toBe('/v1/table/Q3%20sales%24a%2Bb/describe?delimiter=%24&q=a+b')
  })
})

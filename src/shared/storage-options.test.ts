import { describe, expect, it } from 'vitest'
import {
  isSecretStorageOption,
  mergeStorageOptions,
  objectStoreOrigin,
  objectStoreRootProblem,
  parseStorageAssignment,
  rootLocation,
  storageOptionsOf,
  storageProperties
} from './storage-options'

describe('object-store roots and storage options', () => {
  it('tells folders, object stores and other schemes apart; a Windows drive is a folder', () => {
    expect(rootLocation('/data/cat')).toEqual({ kind: 'local' })
    expect(rootLocation('C:\\data\\cat')).toEqual({ kind: 'local' })
    expect(rootLocation('relative/cat')).toEqual({ kind: 'local' })
    expect(rootLocation(' S3://Bucket/a/b/ ')).toEqual({ kind: 'object-store', scheme: 's3', bucket: 'Bucket', prefix: 'a/b' })
    expect(rootLocation('gs://b')).toEqual({ kind: 'object-store', scheme: 'gs', bucket: 'b', prefix: '' })
    expect(rootLocation('file:///data/cat')).toEqual({ kind: 'unsupported', scheme: 'file' })
  })

  it('says what is wrong with an object-store address', () => {
    expect(objectStoreRootProblem('s3://bucket/cat')).toBeNull()
    expect(objectStoreRootProblem('/data/cat')).toBeNull()
    expect(objectStoreRootProblem('hdfs://nn/cat')).toBe('"hdfs://" is not a storage the app opens. Use a local folder or s3://, gs://, az://.')
    expect(objectStoreRootProblem('az:container/cat')).toBe('Write the address as az://bucket/prefix.')
    expect(objectStoreRootProblem('s3:///cat')).toBe('Name the bucket: s3://bucket/prefix.')
    expect(objectStoreRootProblem('s3://bucket/my cat')).toBe('An object-store address cannot contain spaces.')
  })

  it('converts between storage.* properties and LanceDB storageOptions, skipping empty values', () => {
    const properties = { root: 's3://b/c', 'storage.region': 'us-east-1', 'storage.aws_session_token': '', 'headers.x': 'y' }
    expect(storageOptionsOf(properties)).toEqual({ region: 'us-east-1' })
    expect(storageProperties({ region: 'us-east-1' })).toEqual({ 'storage.region': 'us-east-1' })
    expect(mergeStorageOptions({ region: 'a', aws_access_key_id: 'mine' }, { aws_access_key_id: 'vended' })).toEqual({
      region: 'a',
      aws_access_key_id: 'vended'
    })
  })

  it('knows which options are secrets', () => {
    for (const name of [
      'aws_secret_access_key',
      'secret_access_key',
      'aws_session_token',
      'session_token',
      'token',
      'azure_storage_account_key',
      'azure_storage_sas_key',
      'google_service_account_key',
      'azure_client_secret'
    ]) {
      expect(isSecretStorageOption(name), name).toBe(true)
    }
    for (const name of ['region', 'endpoint', 'aws_access_key_id', 'allow_http', 'google_service_account', 'azure_storage_account_name']) {
      expect(isSecretStorageOption(name), name).toBe(false)
    }
  })

  it('binds secrets to the bucket and the endpoint origin, not the prefix', () => {
    const origin = (root: string, endpoint?: string) => objectStoreOrigin({ root, ...(endpoint ? { 'storage.endpoint': endpoint } : {}) })
    expect(origin('s3://Bucket/a')).toBe('s3://bucket')
    expect(origin('s3://bucket/b')).toBe(origin('s3://bucket/a'))
    expect(origin('s3://bucket/a', 'http://127.0.0.1:9000/x')).toBe('s3://bucket?endpoint=http%3A%2F%2F127.0.0.1%3A9000')
    expect(origin('/data/cat')).toBeNull()
  })

  it('binds secrets to every option that says where requests go, under any of its names', () => {
    const origin = (root: string, options: Record<string, string>) =>
      objectStoreOrigin({ root, ...Object.fromEntries(Object.entries(options).map(([k, v]) => [`storage.${k}`, v])) })
    // An alias of the S3 endpoint moves the secrets' place as the endpoint itself does.
    expect(origin('s3://b', { aws_endpoint_url: 'https://evil.example/x' })).toBe(origin('s3://b', { endpoint: 'https://evil.example' }))
    expect(origin('s3://b', { AWS_ENDPOINT: 'https://evil.example' })).not.toBe(origin('s3://b', {}))
    // An Azure account names the server its key is sent to; so do the endpoint and the emulator.
    const azure = origin('az://c', { azure_storage_account_name: 'mine' })
    expect(origin('az://c', { account_name: 'theirs' })).not.toBe(azure)
    expect(origin('az://c', { azure_storage_account_name: 'mine', azure_endpoint: 'http://127.0.0.1:9' })).not.toBe(azure)
    expect(origin('az://c', { azure_storage_account_name: 'mine', use_emulator: 'true' })).not.toBe(azure)
    expect(origin('gs://b', { google_base_url: 'https://evil.example' })).not.toBe(origin('gs://b', {}))
    // Options that do not move requests leave it as it was.
    expect(origin('s3://b', { region: 'eu-west-1', endpoint: 'http://127.0.0.1:9000/' })).toBe('s3://b?endpoint=http%3A%2F%2F127.0.0.1%3A9000')
  })

  it('counts every alias of an Azure key as a secret', () => {
    for (const name of ['azure_storage_access_key', 'access_key', 'master_key', 'azure_storage_master_key', 'bearer_token'])
      expect(isSecretStorageOption(name), name).toBe(true)
    expect(isSecretStorageOption('aws_access_key_id')).toBe(false)
  })

  it('parses name=value, never echoing text it cannot read', () => {
    expect(parseStorageAssignment(' region = eu-west-1 ')).toEqual(['region', 'eu-west-1'])
    expect(parseStorageAssignment('endpoint=http://h:9000/?a=b')).toEqual(['endpoint', 'http://h:9000/?a=b'])
    expect(() => parseStorageAssignment('sk-secret-value')).toThrow('A storage option is written "name=value", e.g. "region=us-east-1".')
    expect(() => parseStorageAssignment('bad name=x')).toThrow(/is not a storage option name/)
  })
})

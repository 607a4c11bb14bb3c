import { parquetWriteBuffer } from 'hyparquet-writer'
import { describe, expect, it } from 'vitest'
import { readParquetRows } from './parquet-rows'
import { detectFileFormat } from './row-source'
import { previewFile } from './source-preview'
import { SourceError } from './source-types'

function sampleParquet(): ArrayBuffer {
  return parquetWriteBuffer({
    columnData: [
      { name: 'id', data: [1n, 2n, 3n], type: 'INT64' },
      { name: 'name', data: ['a', null, 'c'], type: 'STRING' },
      { name: 'score', data: [0.5, 1.5, 2.5], type: 'DOUBLE' },
      { name: 'at', data: [new Date(0), new Date(86_400_000), new Date(1_000)], type: 'TIMESTAMP' }
    ]
  })
}

describe('Parquet import', () => {
  it('is recognised by extension and by its PAR1 magic', () => {
    expect(detectFileFormat('x.parquet', new Uint8Array())).toBe('parquet')
    expect(detectFileFormat('data.bin', new Uint8Array(sampleParquet().slice(0, 8)))).toBe('parquet')
  })

  it('reads typed rows and infers the schema from them', async () => {
    const parquet = await readParquetRows(sampleParquet())
    expect(parquet.columns).toEqual(['id', 'name', 'score', 'at'])
    const preview = previewFile({ name: 'x.parquet', size: 1, format: 'parquet', parquet })
    expect(preview.sample.map((row) => row.values['name'])).toEqual(['a', null, 'c'])
    expect(preview.inferred.map((f) => `${f.name}:${f.type.kind === 'scalar' ? f.type.type : f.type.kind}`)).toEqual([
      'id:int64',
      'name:string',
      'score:float64',
      'at:timestamp'
    ])
  })

  it('refuses a small file that declares more rows than an import takes, before reading them', async () => {
    // 5,000,000 zeros compress to a few KiB; read, they would be 5 M row objects.
    const bomb = parquetWriteBuffer({ columnData: [{ name: 'x', data: new Int32Array(5_000_000), type: 'INT32' }] })
    expect(bomb.byteLength).toBeLessThan(16 * 1024)
    await expect(readParquetRows(bomb)).rejects.toThrow(/declares 5,000,000 rows; at most 2,000,000 can be imported at once/)
  })

  it('refuses a file that is not Parquet, saying so', async () => {
    await expect(readParquetRows(new TextEncoder().encode('PAR1 but not really').buffer as ArrayBuffer)).rejects.toThrow(SourceError)
    await expect(readParquetRows(new TextEncoder().encode('hello').buffer as ArrayBuffer)).rejects.toThrow(/not readable Parquet/)
  })
})

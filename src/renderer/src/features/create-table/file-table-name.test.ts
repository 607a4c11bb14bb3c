import { describe, expect, it } from 'vitest'
import { tableNameFromFile } from './file-table-name'

describe('tableNameFromFile', () => {
  it.each([
    ['people.csv', 'people'],
    ['Q3 sales (final).parquet', 'Q3_sales_final'],
    ['events.2024.ndjson', 'events.2024'],
    ['ventas_ñ.json', 'ventas'],
    ['表.csv', ''],
    ['.arrow', '']
  ])('names %j as %j', (file, name) => {
    expect(tableNameFromFile(file)).toBe(name)
  })
})

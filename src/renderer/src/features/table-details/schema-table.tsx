import type { ReactNode } from 'react'
import type { FieldInfo } from '@shared/catalog-types'

/** The schema as a table: one row per field, nested fields indented under their parent. */
export function SchemaTable({ fields }: { readonly fields: readonly FieldInfo[] }): ReactNode {
  return (
    <table className="schema" aria-label="Schema">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
          <th scope="col">Nullable</th>
          <th scope="col">Dimension</th>
        </tr>
      </thead>
      <tbody>{fields.flatMap((field) => rows(field, 0, field.name))}</tbody>
    </table>
  )
}

function rows(field: FieldInfo, depth: number, key: string): ReactNode[] {
  const own = (
    <tr key={key}>
      <td>
        <span style={{ paddingLeft: `${depth * 16}px` }}>{field.name}</span>
      </td>
      <td>
        <code>{field.type}</code>
      </td>
      <td>{field.nullable ? 'yes' : 'no'}</td>
      <td className="numeric">{field.dimension ?? ''}</td>
    </tr>
  )
  // A vector's single item field adds nothing the dimension column does not already say.
  const children = field.dimension !== undefined ? [] : (field.children ?? [])
  return [own, ...children.flatMap((child, i) => rows(child, depth + 1, `${key}/${i}:${child.name}`))]
}

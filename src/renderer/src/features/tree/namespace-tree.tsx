import type { ReactNode } from 'react'
import { useUiStore } from '../../app/ui-store'
import { NodeChildrenList } from './tree-nodes'

/** The lazy tree of the shown connection: root namespaces and tables, children on expand. */
export function NamespaceTree({ connectionId }: { readonly connectionId: string }): ReactNode {
  const pageSize = useUiStore((state) => state.pageSize)
  return (
    <ul role="tree" aria-label="Catalog" className="tree">
      <NodeChildrenList connectionId={connectionId} path={[]} level={1} pageSize={pageSize} />
    </ul>
  )
}

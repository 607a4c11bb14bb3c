/**
 * The identity of catalog nodes in the renderer: one typed key per namespace and per table,
 * used by the tree's rows, the UI store (expanded nodes, focus), react-query keys and the
 * dialogs. A key is a string, so it serves as a Set or Map entry, a React key and a DOM
 * attribute, and it is canonical: two keys are equal exactly when they name the same node,
 * so features compare keys or use `sameTable` and never look inside one.
 *
 * The format (`n:` or `t:`, then the full path as a JSON array) is what the saved UI state
 * holds, so it must stay readable across versions; only this file knows it. JSON keeps any
 * name intact, whatever its characters: a server may list names the component rule refuses.
 */
import type { TableRef } from '@shared/catalog-types'
import { samePath, type NamespacePath } from '@shared/namespace-path'

declare const kind: unique symbol
/** The key of a namespace node (the root's is `namespaceKey([])`). */
export type NamespaceKey = string & { readonly [kind]: 'namespace' }
/** The key of a table node. */
export type TableKey = string & { readonly [kind]: 'table' }
/** The key of a namespace or table node. */
export type NodeKey = NamespaceKey | TableKey

/** What a key names. */
export type NodeRef = { readonly kind: 'namespace'; readonly path: NamespacePath } | { readonly kind: 'table'; readonly table: TableRef }

const NAMESPACE = 'n:'
const TABLE = 't:'

/** The key of the namespace at `path`. */
export function namespaceKey(path: NamespacePath): NamespaceKey {
  return (NAMESPACE + JSON.stringify(path)) as NamespaceKey
}

/** The key of a table. */
export function tableKey(table: TableRef): TableKey {
  return (TABLE + JSON.stringify([...table.namespace, table.name])) as TableKey
}

/** The key of a namespace or table. */
export function nodeKey(ref: NodeRef): NodeKey {
  return ref.kind === 'namespace' ? namespaceKey(ref.path) : tableKey(ref.table)
}

/**
 * The keys of one namespace's children, built from the parent's key once rather than
 * from each child's path: the tree makes a key for every drawn row.
 */
export class ChildKeys {
  /** The parent's path as JSON without its closing bracket, ready for one more name. */
  readonly #prefix: string

  constructor(parent: NamespaceKey) {
    const json = parent.slice(NAMESPACE.length, -1)
    this.#prefix = json === '[' ? json : `${json},`
  }

  /** Key of the child namespace `name`. */
  namespace(name: string): NamespaceKey {
    return `${NAMESPACE}${this.#prefix}${JSON.stringify(name)}]` as NamespaceKey
  }

  /** Key of the table `name` in the parent. */
  table(name: string): TableKey {
    return `${TABLE}${this.#prefix}${JSON.stringify(name)}]` as TableKey
  }
}

/**
 * What `key` names, or null if it is not a key this module made (saved state from
 * elsewhere, an edited file). Only canonical keys decode, so a decoded key encodes back
 * to the same string.
 */
export function decodeKey(key: string): NodeRef | null {
  const isTable = key.startsWith(TABLE)
  if (!isTable && !key.startsWith(NAMESPACE)) return null
  let path: unknown
  try {
    path = JSON.parse(key.slice(NAMESPACE.length))
  } catch {
    return null
  }
  if (!Array.isArray(path) || !path.every((part) => typeof part === 'string')) return null
  const components = path as string[]
  if (isTable) {
    const name = components.pop()
    if (name === undefined) return null
    const ref: NodeRef = { kind: 'table', table: { namespace: components, name } }
    return tableKey(ref.table) === key ? ref : null
  }
  return namespaceKey(components) === key ? { kind: 'namespace', path: components } : null
}

/** The path of a namespace key, or null if `key` is not one. */
export function namespacePathOf(key: string): NamespacePath | null {
  const ref = decodeKey(key)
  return ref?.kind === 'namespace' ? ref.path : null
}

/** `text` as a node key if it is one (for keys read back from saved state), else null. */
export function parseNodeKey(text: string): NodeKey | null {
  return decodeKey(text) === null ? null : (text as NodeKey)
}

/**
 * The key of an expanded node as UI state version 1 saved it (the path as JSON, i.e. a
 * namespace key without its `n:`), or null if `text` is not one.
 */
export function namespaceKeyFromVersion1(text: string): NamespaceKey | null {
  const key = NAMESPACE + text
  return namespacePathOf(key) === null ? null : (key as NamespaceKey)
}

/** The namespace a node sits in: a namespace's parent, or a table's namespace. */
export function parentPath(ref: NodeRef): NamespacePath {
  return ref.kind === 'namespace' ? ref.path.slice(0, -1) : ref.table.namespace
}

/** Two table references are equal when they name the same table. */
export function sameTable(a: TableRef | null, b: TableRef | null): boolean {
  return a === b || (a !== null && b !== null && a.name === b.name && samePath(a.namespace, b.namespace))
}

/** Two node references are equal when they name the same node. */
export function sameNode(a: NodeRef, b: NodeRef): boolean {
  if (a.kind === 'namespace') return b.kind === 'namespace' && samePath(a.path, b.path)
  return b.kind === 'table' && sameTable(a.table, b.table)
}

/**
 * A path as people read and type it, with the connection's delimiter (names holding the
 * delimiter or quotes are quoted); shared/namespace-path is its one home, named here so the
 * renderer finds every identity rule in this module.
 */
export { displayIdentifier } from '@shared/namespace-path'

/** A path as a JSON array of its components, the form "Copy path" gives. */
export function pathAsJson(path: NamespacePath): string {
  return JSON.stringify(path)
}

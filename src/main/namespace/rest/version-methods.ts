/**
 * A REST client's version methods, each handed to the client's `VersionAccess`
 * (versions-access.ts): the routes only on the plain client, routes or the table's
 * location on the data-access client.
 */
import type { TableDescription, TableRef } from '../../../shared/catalog-types'
import type { TableTagInfo, TableVersionInfo } from '../../../shared/contract/versions'
import type { ExactInt } from '../../../shared/exact-int'
import type { CallOptions, NamespaceClient } from '../namespace-client'
import type { VersionAccess } from './versions-access'

type VersionMethod = 'listVersions' | 'listTags' | 'describeVersion' | 'countRowsAt' | 'restoreVersion' | 'createTag' | 'deleteTag'

export abstract class VersionMethods implements Pick<NamespaceClient, VersionMethod> {
  /** Where this client's version calls go. */
  protected abstract readonly versions: VersionAccess

  listVersions(table: TableRef, options?: CallOptions): Promise<TableVersionInfo[]> {
    return this.versions.listVersions(table, options)
  }

  listTags(table: TableRef, options?: CallOptions): Promise<TableTagInfo[] | null> {
    return this.versions.listTags(table, options)
  }

  describeVersion(table: TableRef, version: ExactInt, options?: CallOptions): Promise<TableDescription> {
    return this.versions.describeVersion(table, version, options)
  }

  countRowsAt(table: TableRef, version: ExactInt, filter?: string, options?: CallOptions): Promise<ExactInt> {
    return this.versions.countRowsAt(table, version, filter, options)
  }

  restoreVersion(table: TableRef, version: ExactInt, options?: CallOptions): Promise<ExactInt> {
    return this.versions.restoreVersion(table, version, options)
  }

  createTag(table: TableRef, tag: string, version: ExactInt, options?: CallOptions): Promise<void> {
    return this.versions.createTag(table, tag, version, options)
  }

  deleteTag(table: TableRef, tag: string, options?: CallOptions): Promise<void> {
    return this.versions.deleteTag(table, tag, options)
  }
}

/**
 * "Test connection": runs the checks that fit the kind of catalog and gathers them into
 * one report. Nothing here throws for a failing catalog; every failure is a step with a
 * verdict, so the person sees what was tried and what came back.
 */
import type { ConnectType } from '../../shared/catalog-types'
import { isPassing, type ConnectionTestReport, type ConnectionTestStep, type TestedKind } from '../../shared/connection-test'
import { CatalogError } from '../../shared/errors'
import { rootLocation, storageOptionsOf } from '../../shared/storage-options'
import { testDirectory } from './dir-check'
import { testObjectStore } from './object-store-check'
import { testHttp, type HttpTestOptions } from './http-check'

/** What to test: a connect type and full properties (secrets included), like a ConnectionSpec. */
export interface ConnectionTestInput {
  readonly type: ConnectType
  readonly properties: Readonly<Record<string, string>>
  /** Header names the person marked secret (masked in the report besides Authorization and x-api-key). */
  readonly secretHeaders?: readonly string[]
  /** Secret headers that have no value (e.g. kept in memory by an earlier run); reported first. */
  readonly missingSecrets?: readonly string[]
  /** Why the missing secrets have no value, when it is not the usual (e.g. saved for another server). */
  readonly missingSecretsReason?: string
}

/** Test tuning: HTTP timeouts and the write probe's table name. */
export type ConnectionTestOptions = Omit<HttpTestOptions, 'secretHeaders'>

/** Runs the checks for `kind` and reports every step. */
export async function runConnectionTest(input: ConnectionTestInput, kind: TestedKind, options: ConnectionTestOptions = {}): Promise<ConnectionTestReport> {
  if ((kind === 'dir') !== (input.type === 'dir')) {
    throw new CatalogError('invalid_request', `A ${input.type} connection cannot be tested as ${kind}.`)
  }
  const testedAt = new Date().toISOString()
  const target = (kind === 'dir' ? input.properties['root'] : input.properties['uri'])?.trim() ?? ''
  const steps: ConnectionTestStep[] = (input.missingSecrets ?? []).map((header) => ({
    title: `Value of ${header}`,
    latencyMs: 0,
    verdict: 'failed',
    message: input.missingSecretsReason
      ? `${header} was not sent: ${input.missingSecretsReason} Enter it in the editor and test again.`
      : `${header} has no stored value (secrets kept in memory are gone after a restart), so it was not sent. Enter it in the editor and test again.`
  }))
  if (kind === 'dir' && rootLocation(target).kind !== 'local') steps.push(...(await testObjectStore(target, storageOptionsOf(input.properties))))
  else if (kind === 'dir') steps.push(...(await testDirectory(target)))
  else steps.push(...(await testHttp(input.properties, kind, { ...options, secretHeaders: input.secretHeaders ?? [] })))
  return { ok: steps.every((step) => isPassing(step.verdict)), kind, target, testedAt, steps }
}

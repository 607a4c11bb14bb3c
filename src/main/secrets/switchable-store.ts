/**
 * The secret store the app holds for its whole run, whose backing store can change once:
 * in browser mode (no keychain) secrets start in memory, and the person may opt in to the
 * 0600 file, which takes over the secrets entered so far. The profile store keeps one
 * reference to this object, so it never sees the switch.
 */
import { rememberSecret } from './known-secrets'
import { CatalogError } from '../../shared/errors'
import type { StorageProblem } from '../../shared/profile-types'
import { FileSecretStore, type SecretStore, type SecretStoreKind } from './secret-store'

/** A secret store that delegates to a backing store the app may replace. */
export class SwitchableSecretStore implements SecretStore {
  #current: SecretStore

  constructor(initial: SecretStore) {
    this.#current = initial
  }

  get kind(): SecretStoreKind {
    return this.#current.kind
  }

  get keychainProblem(): string | undefined {
    return this.#current.keychainProblem
  }

  describe(): string {
    return this.#current.describe()
  }

  async get(profileId: string, header: string): Promise<string | undefined> {
    const value = await this.#current.get(profileId, header)
    rememberSecret(value)
    return value
  }

  set(profileId: string, header: string, value: string): Promise<void> {
    rememberSecret(value)
    return this.#current.set(profileId, header, value)
  }

  delete(profileId: string, header?: string): Promise<void> {
    return this.#current.delete(profileId, header)
  }

  /**
   * Copies the secrets named by `entries` into `next`, then uses `next` from now on. If a
   * copy fails the switch does not happen, so no secret is lost halfway.
   */
  async switchTo(next: SecretStore, entries: Iterable<readonly [profileId: string, header: string]>): Promise<void> {
    for (const [profileId, header] of entries) {
      const value = await this.#current.get(profileId, header)
      if (value !== undefined) await next.set(profileId, header, value)
    }
    this.#current = next
  }
}

/**
 * Browser mode's opt-in: moves the secrets held in memory into `secrets.plain.json`
 * (mode 0600) in `dataDir`, which the next start then opens. Refused when secrets are
 * already kept elsewhere than memory. Returns what was wrong with an existing file, if
 * anything (it is kept as a copy, never overwritten).
 */
export async function optInToSecretsFile(
  store: SwitchableSecretStore,
  dataDir: string,
  entries: Iterable<readonly [profileId: string, header: string]>
): Promise<StorageProblem | undefined> {
  if (store.kind !== 'memory') {
    throw new CatalogError('invalid_request', `Secrets are already ${store.describe().toLowerCase()}, so there is nothing to move.`)
  }
  // The keychain holds the saved secrets; a plain file now would be ignored once it works again.
  if (store.keychainProblem) {
    throw new CatalogError('invalid_request', `The keychain is only unavailable for this run (${store.keychainProblem}); restart once it works.`)
  }
  const { store: file, problem } = await FileSecretStore.open(dataDir)
  await store.switchTo(file, entries)
  return problem
}

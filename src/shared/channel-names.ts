/**
 * The channel names alone, below both the contract (which must define exactly these) and
 * the api object built from them, so neither has to import the other.
 */

/** Every channel, `domain:verb`. The contract must define exactly these. */
export const CHANNELS = [
  'app:info',
  'ui:loadState',
  'ui:saveState',
  'connections:list',
  'connections:capabilities',
  'catalog:reveal',
  'namespaces:list',
  'namespaces:create',
  'namespaces:drop',
  'tables:list',
  'tables:describe',
  'tables:readRows',
  'tables:count',
  'tables:create',
  'tables:drop',
  'tables:rename',
  'tables:refresh',
  // Row editing
  'tables:editability',
  'tables:commitEdits',
  'media:cells',
  'media:value',
  'operations:progress',
  'operations:cancel',
  'profiles:list',
  'profiles:create',
  'profiles:update',
  'profiles:duplicate',
  'profiles:delete',
  'profiles:reorder',
  'profiles:open',
  'profiles:test',
  'profiles:export',
  'profiles:import',
  'profiles:snippet',
  'profiles:checkRoot',
  'profiles:createRoot',
  'profiles:useSecretsFile',
  'shell:openFolder',
  // Schema evolution and export
  'schema:addColumns',
  'schema:alterColumns',
  'schema:dropColumns',
  'export:start',
  'export:status',
  'export:cancel',
  // Versions
  'versions:list',
  'versions:describe',
  'versions:count',
  'versions:readRows',
  'versions:restore',
  'versions:createTag',
  'versions:deleteTag',
  // Search in the data tab
  'search:rows',
  'search:media',
  'search:explain',
  'search:info',
  // Indexes and stats
  'indexes:list',
  'indexes:create',
  'indexes:cancel',
  'indexes:drop',
  'indexes:optimize',
  'stats:nullCounts',
  // Column profiles
  'columns:profile',
  'columns:profileProgress',
  // Embedding maps
  'map:layout',
  'map:progress',
  'map:values',
  // Find in catalog
  'find:start',
  'find:status',
  'find:cancel',
  'find:query',
  // Table health and maintenance
  'health:read',
  'health:cleanupPlan',
  'health:maintain',
  // Changes between two versions
  'changes:count',
  'changes:rows'
] as const

/** A channel name. */
export type Channel = (typeof CHANNELS)[number]

/** The spec's transaction routes over each database's TransactionBook (transactions.ts). */
import { CatalogError } from '../src/shared/errors'
import type { Reply } from './http-io'
import { param, type RequestContext, type Route } from './router'
import type { TransactionBook } from './transactions'

/** The spec's DescribeTransaction and AlterTransaction, on a server with slow transactions. */
export const transactionRoutes: readonly Route[] = [
  { method: 'POST', pattern: '/v1/transaction/:id/describe', handle: describeTransaction },
  { method: 'POST', pattern: '/v1/transaction/:id/alter', writes: 'alter transactions', handle: alterTransaction }
]

async function describeTransaction(ctx: RequestContext): Promise<Reply> {
  const id = param(ctx, 'id')
  await ctx.jsonBody()
  return bookOf(await ctx.database()).describe(id)
}

async function alterTransaction(ctx: RequestContext): Promise<Reply> {
  const id = param(ctx, 'id')
  const body = await ctx.jsonBody()
  return bookOf(await ctx.database()).alter(id, body['actions'])
}

function bookOf(database: { readonly transactions: TransactionBook | null }): TransactionBook {
  if (!database.transactions) throw new CatalogError('unsupported', 'This server runs every operation at once; it has no transactions.')
  return database.transactions
}

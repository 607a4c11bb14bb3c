/**
 * LanceDB's own copy of Apache Arrow. LanceDB loads apache-arrow through `require`, while
 * our ESM code imports it, so there are two copies of every Arrow class. Arrow objects
 * handed to LanceDB must be built with this copy: with Arrow JS 21, LanceDB 0.39 encodes
 * a schema or table from the other copy into IPC its core cannot read ("Unable to get
 * root as footer"), and Arrow's IPC writer given batches from the other copy writes them
 * empty. Code that only reads Arrow objects may use either copy.
 */
import { createRequire } from 'node:module'

/** The `apache-arrow` module exactly as LanceDB sees it. */
export const lanceArrow = createRequire(import.meta.url)('apache-arrow') as typeof import('apache-arrow')

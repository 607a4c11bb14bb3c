/**
 * Registers the Arrow IPC compression codecs (src/shared/arrow-codecs.ts) once, on load,
 * with both copies of apache-arrow in the main process: ours (ESM) and LanceDB's
 * (`require`). Every module that decodes Arrow which may come from outside the app (REST
 * answers, create and insert bodies, imported `.arrow` files) imports this module first.
 */
import { compressionRegistry } from 'apache-arrow'
import { registerArrowCodecs } from '../shared/arrow-codecs'
import { lanceArrow } from './lance-arrow'

registerArrowCodecs(compressionRegistry)
registerArrowCodecs(lanceArrow.compressionRegistry)

/**
 * The schemas of what the profile editor submits. Their own module, so the profile types
 * derived from them and the channels that carry those types both sit above it.
 */
import { z } from 'zod'
import { LIMIT_MESSAGES, PROFILE_LIMITS } from '../profile-limits'
import { connectType } from './common'

/**
 * Editor presets over connect type `rest` (the type is `ProfilePreset`). `enterprise` fills
 * in the LanceDB Enterprise headers (x-api-key, x-service-database,
 * x-service-database-prefix); `bearer` fills in `Authorization: Bearer <token>`. A preset
 * changes the form, never the wire format.
 */
export const profilePreset = z.enum(['enterprise', 'bearer'])

// The limits are checked again field by field in main (validateProfileDraft); these caps
// stop an oversized request before any work, with the same messages.
/** One header row of the editor (the type is `HeaderDraft`). */
export const headerDraft = z
  .object({
    name: z.string().max(PROFILE_LIMITS.headerName, LIMIT_MESSAGES.headerName),
    /**
     * The value. For a secret header, absent or the mask that was shown means "keep the
     * stored value", `''` means "forget it", anything else replaces it.
     */
    value: z.string().max(PROFILE_LIMITS.headerValue, LIMIT_MESSAGES.headerValue).optional(),
    /** Marked secret by the person; Authorization and x-api-key are secret regardless. */
    secret: z.boolean().optional()
  })
  .strict()

/**
 * What the editor submits to create or update a profile (the type is `ProfileDraft`);
 * field-level validation happens in main with the shared rules.
 */
export const profileDraft = z
  .object({
    name: z.string().max(PROFILE_LIMITS.name, LIMIT_MESSAGES.name),
    connectType,
    preset: profilePreset.optional(),
    /** Non-header properties: `root` (dir), `uri` (rest), and any other property LanceDB takes. */
    properties: z.record(z.string().max(PROFILE_LIMITS.headerName), z.string().max(PROFILE_LIMITS.propertyValue, LIMIT_MESSAGES.propertyValue)),
    /** HTTP headers (rest only), in order; each becomes a `headers.<name>` property. */
    headers: z.array(headerDraft).max(PROFILE_LIMITS.headers, LIMIT_MESSAGES.headers).readonly()
  })
  .strict()

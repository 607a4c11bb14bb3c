/** Size limits of a profile and their messages, below both the contract's schemas and the field-by-field validation. */

/**
 * Size limits, generous for real use and small enough that one request cannot bloat the
 * profile file or every HTTP request: most servers refuse header sections over 8-16 KiB.
 */
export const PROFILE_LIMITS = {
  /** Characters in a profile name. */
  name: 200,
  /** Characters in a header name. */
  headerName: 256,
  /** Characters in a header value (a long JWT fits). */
  headerValue: 8192,
  /** Headers per profile. */
  headers: 100,
  /** Characters in any other property value (`uri`, `root`, ...). */
  propertyValue: 4096
} as const

/** The messages for values over {@link PROFILE_LIMITS}. */
export const LIMIT_MESSAGES = {
  name: `A profile name can be at most ${PROFILE_LIMITS.name} characters.`,
  headerName: `A header name can be at most ${PROFILE_LIMITS.headerName} characters.`,
  headerValue: `A header value can be at most ${PROFILE_LIMITS.headerValue} characters.`,
  headers: `A profile can have at most ${PROFILE_LIMITS.headers} headers.`,
  propertyValue: `A property value can be at most ${PROFILE_LIMITS.propertyValue} characters.`
} as const

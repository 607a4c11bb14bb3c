/**
 * Every dialog of the app, as a driver the dialog-state matrix runs: how to open it, how
 * to bring it into each of its states (pristine, edited, invalid input, request running,
 * request failed, request succeeded), its close button, and where focus belongs after.
 * Locators by role and accessible name only.
 */
import { CATALOG_DIALOGS } from './catalog-dialogs'
import { PROFILE_DIALOGS } from './profile-dialogs'

export type { DialogDriver, DialogState, DialogWorld, Opened } from './dialog-world'
export { saveProfiles } from './profile-dialogs'

/** The drivers, by the name the matrix uses. */
export const DIALOGS = { ...PROFILE_DIALOGS, ...CATALOG_DIALOGS }

/** The name of a dialog in the matrix. */
export type DialogName = keyof typeof DIALOGS

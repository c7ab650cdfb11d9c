import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts a whole value into a field at once (a click, then a paste): one change and one render
 * instead of one per keystroke. For values a test only needs in the field; a rule about what
 * happens while typing (a phone number formatted as it is typed) keeps `user.type`.
 * The paste lands at the caret, after the field's current value.
 */
export async function enter(user: UserEvent, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

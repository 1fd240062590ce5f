import Type from 'typebox';

/**
 * Names a person gives things (accounts, categories, themes, goals, people, mappings). A name
 * is stored NFC-normalised and must contain at least one visible character: text made only of
 * white space, zero-width characters, bidi controls or other invisible code points is blank.
 */

/** Schema keyword carrying the message a blank name answers with (read by service-kit's validator). */
export const NAME_BLANK_MESSAGE = 'x-blank-message';

// A letter, digit, punctuation mark or symbol that is not default-ignorable (U+3164 HANGUL FILLER
// is a "letter", U+2800 BRAILLE PATTERN BLANK a "symbol": both render as nothing).
const VISIBLE = /(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{P}\p{S}]/u;

/** True when `text` has at least one character a reader can see. */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}

/**
 * The name as it is stored: NFC, trimmed, inner runs of white space made one space; `''` when
 * nothing in it is visible (so a caller's "name is required" rule refuses it).
 */
export function normalizeName(text: string): string {
  const name = text.normalize('NFC').trim().replace(/\s+/g, ' ');
  return hasVisibleCharacter(name) ? name : '';
}

/**
 * A name in a request body: at most `maxLength` characters, no NUL. service-kit's validator
 * NFC-normalises it and refuses one with no visible character with `blankMessage` (400), on every
 * route whose body uses it, before any other check of the body.
 */
export const Name = (maxLength: number, blankMessage: string) =>
  Type.String({ maxLength, pattern: '^[^\\u0000]*$', [NAME_BLANK_MESSAGE]: blankMessage });

/** What a payee with no visible character answers (the ledger, the Predictables, imports). */
export const PAYEE_REQUIRED = 'Payee is required.';

/**
 * A payee in a request body: the Name rule (NFC, at least one visible character, so one made of
 * zero-width characters only is refused with `PAYEE_REQUIRED`, as a blank one is).
 */
export const Payee = (maxLength: number) => Name(maxLength, PAYEE_REQUIRED);

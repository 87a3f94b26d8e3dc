/**
 * A message shown as a sentence: its first letter a capital. The spec quotes confirmations in lower case
 * ('revert this payment of $X', 'this action is irreversible'); the catalogue keeps its words, the
 * dialog shows them starting with a capital.
 */
export const sentence = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

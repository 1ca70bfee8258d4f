/**
 * Plain text laid out for a terminal or a Markdown page: {@link dev.informerbench.text.TextTable}
 * (the summary's, compare's and the profiles' tables) and
 * {@link dev.informerbench.text.ShortNumbers} (a number in as few digits as it needs).
 */
package dev.informerbench.text;

/** decisions G10: a cell a spreadsheet would read as a formula gets a leading apostrophe. */
export function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

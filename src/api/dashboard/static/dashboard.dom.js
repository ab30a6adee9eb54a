// Small DOM helpers: data is only ever written as text, never parsed as HTML.

export function el(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

export function button(label, onClick) {
  const node = el('button', label, { type: 'button' });
  node.addEventListener('click', onClick);
  return node;
}

export function fillTable(table, headings, rows) {
  table.replaceChildren();
  const head = el('tr');
  headings.forEach((heading) => head.append(el('th', heading, { scope: 'col' })));
  table.append(el('thead'), el('tbody'));
  table.tHead.append(head);
  for (const cells of rows) {
    const row = el('tr');
    for (const [index, cell] of cells.entries()) {
      // The heading goes with each cell: at phone width a row is drawn as a labelled card.
      const td = el('td', undefined, { 'data-label': headings[index] ?? '' });
      if (cell instanceof Node) td.append(cell);
      else td.textContent = cell === null || cell === undefined ? '—' : String(cell);
      row.append(td);
    }
    table.tBodies[0].append(row);
  }
}

export function fillFigures(list, figures) {
  list.replaceChildren();
  for (const [term, value] of figures) list.append(el('dt', term), el('dd', value === null ? '—' : value));
}

export function when(iso) {
  return iso ? new Date(iso).toLocaleString() : '—';
}

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
    for (const cell of cells) {
      const td = el('td');
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

export function drawChart(container, days) {
  const width = 600;
  const height = 160;
  const max = Math.max(1, ...days.map((day) => day.spent));
  const svgNs = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(svgNs, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height + 20}`);
  svg.setAttribute('role', 'img');
  const total = days.reduce((sum, day) => sum + day.spent, 0);
  svg.setAttribute(
    'aria-label',
    `Credits spent per day, ${total} in ${days.length} days, at most ${max} a day`,
  );
  const barWidth = width / days.length;
  days.forEach((day, i) => {
    const barHeight = Math.round((day.spent / max) * height);
    const bar = document.createElementNS(svgNs, 'rect');
    bar.setAttribute('x', String(i * barWidth + 1));
    bar.setAttribute('y', String(height - barHeight));
    bar.setAttribute('width', String(Math.max(1, barWidth - 2)));
    bar.setAttribute('height', String(barHeight));
    bar.setAttribute('class', 'bar');
    const title = document.createElementNS(svgNs, 'title');
    title.textContent = `${day.date}: ${day.spent} credits`;
    bar.append(title);
    svg.append(bar);
  });
  for (const [index, anchor] of [
    [0, 'start'],
    [days.length - 1, 'end'],
  ]) {
    const label = document.createElementNS(svgNs, 'text');
    label.setAttribute('x', String(anchor === 'start' ? 0 : width));
    label.setAttribute('y', String(height + 16));
    label.setAttribute('text-anchor', anchor);
    label.setAttribute('class', 'axis');
    label.textContent = days[index]?.date ?? '';
    svg.append(label);
  }
  container.replaceChildren(svg);
}

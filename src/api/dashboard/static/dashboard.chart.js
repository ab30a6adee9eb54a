// Plain SVG charts with labelled axes: bars (credits per day) and lines (price history).

const SVG = 'http://www.w3.org/2000/svg';
const PAD = { left: 56, right: 12, top: 26, bottom: 34 };

function node(tag, attributes = {}, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/** A round upper bound for an axis starting at `low` (1, 2 or 5 times a power of ten per step). */
function niceStep(span) {
  const raw = Math.max(span, 1e-9) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= raw);
}

function yAxis(svg, { low, high, width, height, format, minStep = 0 }) {
  const step = Math.max(minStep, niceStep(high - low));
  const y = (value) => PAD.top + height - ((value - low) / (high - low || 1)) * height;
  for (let tick = low; tick <= high + step / 1000; tick += step) {
    svg.append(
      node('line', { x1: PAD.left, x2: PAD.left + width, y1: y(tick), y2: y(tick), class: 'grid' }),
      node('text', { x: PAD.left - 6, y: y(tick) + 4, 'text-anchor': 'end', class: 'axis' }, format(tick)),
    );
  }
  svg.append(
    node('line', { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: PAD.top + height, class: 'axis-line' }),
  );
  return y;
}

function xLabels(svg, labels, x, height) {
  const picks =
    labels.length <= 3
      ? labels.map((_, i) => i)
      : [0, Math.floor((labels.length - 1) / 2), labels.length - 1];
  for (const i of new Set(picks)) {
    const anchor = i === 0 ? 'start' : i === labels.length - 1 ? 'end' : 'middle';
    svg.append(
      node('text', { x: x(i), y: PAD.top + height + 18, 'text-anchor': anchor, class: 'axis' }, labels[i]),
    );
  }
}

/**
 * The plot's width in the container's own pixels, so labels keep their size on a phone. A chart
 * is drawn again when the window changes size.
 */
function plotWidth(container, draw) {
  charts.set(container, draw);
  return Math.max(220, Math.min(1000, container.clientWidth || 600) - PAD.left - PAD.right - 48);
}

const charts = new Map();
let resizeTimer;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    for (const [container, draw] of charts) {
      if (container.isConnected) draw();
      else charts.delete(container);
    }
  }, 100);
});

/** Bars of `items` with a y axis in `unit`, dates under the x axis and the total and peak named. */
export function drawBarChart(container, items, options) {
  const { label, value, unit, title } = options;
  const width = plotWidth(container, () => drawBarChart(container, items, options));
  const height = 150;
  const values = items.map(value);
  const high =
    niceStep(Math.max(1, ...values)) * Math.ceil(Math.max(1, ...values) / niceStep(Math.max(1, ...values)));
  const total = values.reduce((sum, n) => sum + n, 0);
  const svg = node('svg', {
    viewBox: `0 0 ${PAD.left + width + PAD.right} ${PAD.top + height + PAD.bottom}`,
    width: PAD.left + width + PAD.right,
    role: 'img',
  });
  svg.setAttribute(
    'aria-label',
    `${title}: ${total} ${unit} in ${items.length} days, at most ${Math.max(0, ...values)} a day`,
  );
  const y = yAxis(svg, {
    low: 0,
    high,
    width,
    height,
    format: (n) => String(Math.round(n * 100) / 100),
    minStep: 1,
  });
  const slot = width / Math.max(1, items.length);
  items.forEach((item, i) => {
    const top = y(values[i]);
    const bar = node('rect', {
      x: PAD.left + i * slot + 1,
      y: top,
      width: Math.max(1, slot - 2),
      height: PAD.top + height - top,
      class: 'bar',
    });
    bar.append(node('title', {}, `${label(item)}: ${values[i]} ${unit}`));
    svg.append(bar);
  });
  xLabels(svg, items.map(label), (i) => PAD.left + i * slot + slot / 2, height);
  svg.append(node('text', { x: 4, y: 12, class: 'axis' }, unit));
  const caption = document.createElement('p');
  caption.className = 'chart-caption';
  caption.textContent = `${total} ${unit} in ${items.length} days; peak ${Math.max(0, ...values)} a day.`;
  container.replaceChildren(svg, caption);
}

/**
 * Lines of several series over time (`points` oldest first, each `{at, values: {name: number|null}}`),
 * the y axis in `unit`, dates on the x axis, and each point's value written beside it.
 */
export function drawLineChart(container, points, options) {
  const { series, unit, title } = options;
  const width = plotWidth(container, () => drawLineChart(container, points, options));
  const height = 190;
  const all = points
    .flatMap((point) => series.map((name) => point.values[name]))
    .filter((n) => typeof n === 'number');
  if (all.length === 0) {
    container.replaceChildren(
      Object.assign(document.createElement('p'), { textContent: 'No prices observed yet.' }),
    );
    return;
  }
  const step = niceStep(Math.max(...all) - Math.min(...all) || Math.max(...all) || 1);
  const low = Math.max(0, Math.floor(Math.min(...all) / step) * step - step);
  const high = Math.ceil(Math.max(...all) / step) * step + step;
  const svg = node('svg', {
    viewBox: `0 0 ${PAD.left + width + PAD.right + 40} ${PAD.top + height + PAD.bottom}`,
    width: PAD.left + width + PAD.right + 40,
    role: 'img',
  });
  svg.setAttribute(
    'aria-label',
    `${title}, ${points.length} observations, ${Math.min(...all)} to ${Math.max(...all)} ${unit}`,
  );
  const y = yAxis(svg, { low, high, width, height, format: (n) => n.toFixed(step < 1 ? 2 : 0) });
  const x = (i) => PAD.left + (points.length === 1 ? width / 2 : (i / (points.length - 1)) * width);
  for (const name of series) {
    const drawn = points.map((point, i) => [i, point.values[name]]).filter(([, n]) => typeof n === 'number');
    svg.append(
      node('polyline', {
        points: drawn.map(([i, n]) => `${x(i)},${y(n)}`).join(' '),
        class: `line line-${name}`,
      }),
    );
    for (const [i, n] of drawn) {
      const dot = node('circle', { cx: x(i), cy: y(n), r: 3, class: `dot line-${name}` });
      dot.append(node('title', {}, `${points[i].label}: ${name} ${n} ${unit}`));
      svg.append(dot);
      // Values are written at the last point of each line and wherever there are few points.
      if (points.length <= 6 || i === points.length - 1) {
        svg.append(node('text', { x: x(i) + 5, y: y(n) - 5, class: `value line-${name}` }, `${name} ${n}`));
      }
    }
  }
  xLabels(
    svg,
    points.map((point) => point.label),
    x,
    height,
  );
  svg.append(node('text', { x: 4, y: 12, class: 'axis' }, unit));
  const legend = document.createElement('p');
  legend.className = 'chart-caption';
  legend.textContent = `Lines: ${series.join(', ')} price in ${unit}, per observation.`;
  container.replaceChildren(svg, legend);
}

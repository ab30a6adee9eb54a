// The first sheet of an XLSX file as rows of strings, read in the browser: the ZIP's central
// directory, DecompressionStream('deflate-raw') for the parts, DOMParser for their XML.

const decoder = new TextDecoder();

function zipEntries(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not an XLSX file (no ZIP directory)');
  const entries = new Map();
  let at = view.getUint32(end + 16, true);
  for (let n = view.getUint16(end + 10, true); n > 0; n -= 1) {
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true);
    const dataAt = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.set(name, { method, data: bytes.subarray(dataAt, dataAt + size) });
    at += 46 + skip;
  }
  return entries;
}

async function readPart(entries, name) {
  const entry = entries.get(name);
  if (!entry) return null;
  if (entry.method === 0) return decoder.decode(entry.data);
  const stream = new Blob([entry.data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}

const xml = (text) => new DOMParser().parseFromString(text, 'application/xml');

/** Column index of a cell reference (`C7` → 2). */
function columnOf(reference) {
  const letters = /^[A-Z]+/.exec(reference ?? '')?.[0] ?? 'A';
  return [...letters].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

export async function readXlsxRows(buffer) {
  const entries = zipEntries(new Uint8Array(buffer));
  const sheetName = [...entries.keys()]
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort()[0];
  const sheet = sheetName && (await readPart(entries, sheetName));
  if (!sheet) throw new Error('the XLSX file has no worksheet');
  const sharedText = await readPart(entries, 'xl/sharedStrings.xml');
  const shared = sharedText
    ? [...xml(sharedText).getElementsByTagName('si')].map((si) =>
        [...si.getElementsByTagName('t')].map((t) => t.textContent).join(''),
      )
    : [];
  return [...xml(sheet).getElementsByTagName('row')].map((row) => {
    const cells = [];
    for (const cell of row.getElementsByTagName('c')) {
      const type = cell.getAttribute('t');
      const raw = cell.getElementsByTagName('v')[0]?.textContent ?? '';
      const value =
        type === 's'
          ? (shared[Number(raw)] ?? '')
          : type === 'inlineStr'
            ? [...cell.getElementsByTagName('t')].map((t) => t.textContent).join('')
            : raw;
      cells[columnOf(cell.getAttribute('r'))] = value;
    }
    return Array.from(cells, (value) => value ?? '');
  });
}

/**
 * Python's `csv.reader` with the default (excel) dialect, as IFBench's CSV
 * checkers read responses: a quote opens a quoted field only at the start
 * of a field, a doubled quote inside one is a literal quote, text after a
 * closing quote joins the field, and a blank line is an empty row. Pure,
 * no I/O.
 */

/** The rows `list(csv.reader(io.StringIO(text), delimiter=...))` gives. */
export function readCsv(text: string, delimiter = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let state: "start" | "field" | "quoted" | "quote_in_quoted" = "start";
  let rowHasContent = false;
  const endRow = () => {
    if (rowHasContent || state !== "start" || field !== "") row.push(field);
    rows.push(row);
    row = [];
    field = "";
    state = "start";
    rowHasContent = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (state === "quoted") {
      if (c === '"') state = "quote_in_quoted";
      else field += c;
      continue;
    }
    if (state === "quote_in_quoted") {
      if (c === '"') {
        field += '"';
        state = "quoted";
        continue;
      }
      state = "field";
    }
    if (c === "\n" || c === "\r") {
      endRow();
      if (c === "\r" && text[i + 1] === "\n") i++;
      continue;
    }
    if (c === delimiter) {
      row.push(field);
      field = "";
      state = "start";
      rowHasContent = true;
      continue;
    }
    if (c === '"' && state === "start") {
      state = "quoted";
      rowHasContent = true;
      continue;
    }
    field += c;
    state = "field";
    rowHasContent = true;
  }
  if (state === "quoted" || rowHasContent || field !== "") endRow();
  return rows;
}

enum Mode { Strict, Loose }
type Row = { region: string; amount: number };

function parse(line: string): Row {
  const [region, amount] = line.split(",");
  if (Number.isNaN(Number(amount))) throw new TypeError(`bad amount in ${line}`);
  return { region, amount: Number(amount) };
}

const csv = await tools.read_file({ path: "data/sales.csv" });
const mode: Mode = Mode.Strict;
return csv.content.trim().split("\n").map((line) => parse(line));

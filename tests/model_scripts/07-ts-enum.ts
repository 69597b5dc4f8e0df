enum Severity {
  Low = 1,
  Medium,
  High,
}

const enum Kind {
  Todo = "TODO",
}

function classify(path: string): Severity {
  if (path.includes("legacy")) return Severity.Low;
  return path.endsWith(".ts") ? Severity.High : Severity.Medium;
}

const { matches } = await tools.search_files({ pattern: Kind.Todo, path: "src" });
return matches.map((m) => ({ file: m.path, severity: Severity[classify(m.path)] }));

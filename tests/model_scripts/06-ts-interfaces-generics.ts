interface FileStat {
  path: string;
  lines: number;
}

function largest<T extends { lines: number }>(items: T[], count: number): T[] {
  return [...items].sort((a, b) => b.lines - a.lines).slice(0, count);
}

const paths: string[] = ["README.md", "src/app.js", "src/util.ts"];
const stats: FileStat[] = await Promise.all(
  paths.map(async (path): Promise<FileStat> => {
    const file = await tools.read_file({ path });
    return { path, lines: file.lines };
  }),
);
return largest<FileStat>(stats, 2);

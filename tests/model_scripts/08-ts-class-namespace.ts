namespace Report {
  export const title = "Line counts";
  export function line(path: string, lines: number): string {
    return `${path}: ${lines}`;
  }
}

class Counter {
  private total = 0;
  constructor(private readonly root: string, public label: string) {}

  async count(path: string): Promise<string> {
    const file = await tools.read_file({ path: `${this.root}/${path}` });
    this.total += file.lines;
    return Report.line(path, file.lines);
  }

  get sum(): number {
    return this.total;
  }
}

const counter = new Counter("docs", "docs");
const lines = [await counter.count("guide.md"), await counter.count("api.md")];
return { title: Report.title, label: counter.label, lines, sum: counter.sum };

const sizes = await Promise.all(["README.md", "data/sales.csv"].map((path) => tools.read_file({ path })));
const product = sizes.reduce((acc, f) => acc * BigInt(f.size), 1n);
return { product, average: sizes.length / 0, ratio: 0 / 0 };

const file = await tools.read_file({ pth: "README.md" });
return file.lines;

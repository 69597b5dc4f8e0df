return [Object.keys(tools).length, typeof tools.read_file, await tools.everything.echo({message: "x"})]

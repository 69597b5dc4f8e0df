// Issue 33, point 6: without a write root there is no write_file to fail.
return { canWrite: "write_file" in tools, own: Object.keys(tools).filter(name => name !== "everything") };

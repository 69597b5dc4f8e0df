// A script that meets a policy: reading outside the allowed roots is DENIED, and without a write
// root there is no write_file at all. Each failure is an Error with `code`, `tool` and `message`,
// so the script can tell a denial from a real failure and carry on.
//
//   ordo run examples/denied.js
//   ordo run examples/denied.js --allow-write target   # write_file is offered, and the write allowed

async function attempt(what, call) {
  try {
    await call();
    return { what, outcome: "allowed" };
  } catch (error) {
    if (error.code === "DENIED") return { what, outcome: "denied", why: error.message };
    throw error; // anything else is a real failure: let the run fail with it
  }
}

return [
  await attempt("read /etc/hostname", () => tools.read_file({ path: "/etc/hostname" })),
  await attempt("read ../", () => tools.list_dir({ path: ".." })),
  "write_file" in tools
    ? await attempt("write target/ordo-example.txt", () =>
        tools.write_file({ path: "target/ordo-example.txt", content: "written by examples/denied.js\n", create_dirs: true }),
      )
    : { what: "write target/ordo-example.txt", outcome: "not offered", why: "no --allow-write root" },
  await attempt("read examples/denied.js", () => tools.read_file({ path: "examples/denied.js", limit: 1 })),
];

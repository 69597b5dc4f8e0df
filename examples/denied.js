// A script that meets a policy: reading outside the allowed roots and writing without a write
// root are DENIED. Each failure is an Error with `code`, `tool` and `message`, so the script can
// tell a denial from a real failure and carry on.
//
//   ordo run examples/denied.js
//   ordo run examples/denied.js --allow-write target   # the write is allowed now

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
  await attempt("write target/ordo-example.txt", () =>
    tools.write_file({ path: "target/ordo-example.txt", content: "written by examples/denied.js\n", create_dirs: true }),
  ),
  await attempt("read examples/denied.js", () => tools.read_file({ path: "examples/denied.js", limit: 1 })),
];

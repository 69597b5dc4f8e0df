//! # ordo-runtime
//!
//! The sandboxed JavaScript runtime of ordo (SPEC §5, R-RT): it will run model-written
//! JavaScript or TypeScript in the embedded Boa engine, inside a worker process the host can
//! kill, under hard limits (deadline, cancellation, memory, CPU time, recursion, loops, output
//! size, host calls), and let the script call async host functions the embedder installs.
//!
//! It knows nothing of tools: code mode (`ordo-sdk`) installs the `tools` SDK as host functions.
//! Nothing is implemented yet; see the open issue for the runtime.

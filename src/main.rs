//! The `ordo` command line. Thin: parsing and printing live in `cli`, the work in the crates.

mod cli;

/// mimalloc in a script worker, the system's allocator in ordo itself.
#[global_allocator]
static ALLOCATOR: ordo_runtime::worker::WorkerAllocator = ordo_runtime::worker::WorkerAllocator;

fn main() -> std::process::ExitCode {
    // The sandboxed runtime re-runs this executable as its script worker.
    ordo_sdk::run_if_worker();
    // Nothing ordo's own parent left open reaches a script worker or a manifest command.
    ordo_runtime::sandbox::close_inherited_descriptors();
    cli::main()
}

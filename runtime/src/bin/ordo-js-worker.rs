//! The worker executable of `ordo-runtime`, for embedders that cannot re-execute their own
//! binary (and for the crate's tests): point `WorkerCommand::program` at it.

#[global_allocator]
static ALLOCATOR: ordo_runtime::worker::WorkerAllocator = ordo_runtime::worker::WorkerAllocator;

fn main() {
    std::process::exit(ordo_runtime::worker::main());
}

//! The worker executable of `ordo-runtime`, for embedders that cannot re-execute their own
//! binary (and for the crate's tests): point `WorkerCommand::program` at it.

fn main() {
    std::process::exit(ordo_runtime::worker::main());
}

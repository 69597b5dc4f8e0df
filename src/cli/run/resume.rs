//! `ordo resume RUN_ID` (R-RUN-5): a run paused by `ordo run --approve later` goes on where it
//! stopped. Its journal is taken from the store (so two resumptions of one run cannot both run
//! its approved calls), its script runs again with its own `args` and `input`, the calls made
//! before the pause are answered from the journal, and the calls that waited are asked now.

use ordo::visible;
use ordo_sdk::pause::PausedRun;

use super::super::args::ResumeArgs;
use super::super::exit::{CliError, Exit};
use super::super::output::notice;
use super::super::setup;

/// Resumes the run.
pub(crate) async fn resume(args: ResumeArgs) -> Result<Exit, CliError> {
    let pausing = setup::pausing(&args.session)?;
    let taken = pausing
        .store
        .take(&args.run)
        .map_err(|error| CliError::usage(format!("cannot resume run {}: {error}", args.run)))?;
    let Some(run) = taken else {
        return Err(CliError::usage(format!(
            "no paused run {}: it was resumed already, it expired (paused runs are kept a day), or \
             it paused with another --state-dir",
            visible::line(&args.run)
        )));
    };
    let session = setup::session(&args.session, run.inputs.clone(), true, Some(pausing)).await?;
    let code = run.code.clone();
    super::run_script(&session, &code, &args.output, Some(run)).await
}

/// What a person reads when a run pauses: each call waiting, whole, and how to go on.
pub(super) fn explain(run: &PausedRun) {
    for call in &run.pending {
        let arguments = serde_json::to_string_pretty(&call.value).unwrap_or_default();
        notice!("  waiting: tools.{} (call #{})", visible::line(&call.tool), call.call);
        for line in arguments.lines() {
            notice!("    {}", visible::line(line));
        }
    }
    notice!(
        "Continue with: ordo resume {} --approve yes|no|prompt (and the paused run's --allow-*, \
         --tools, --mcp-config and --state-dir or --store flags)",
        run.id
    );
}

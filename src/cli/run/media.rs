//! The media a script's result holds (images, audio, resources a tool returned: see
//! `ordo_sdk::media`), given to a person: with `--save-media DIR` a file each, named by its
//! number (`1.png`); without it, a line on stderr saying what there is and how to get it.

use std::path::Path;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use ordo_sdk::value::Media;
use serde_json::Value;

use super::super::exit::CliError;
use super::super::output::notice;

/// Writes the `media` of a result into `dir`, or says how to.
pub(super) fn give(media: &[Media], dir: Option<&Path>) -> Result<(), CliError> {
    if media.is_empty() {
        return Ok(());
    }
    let lines = ordo_sdk::media::lines(media);
    let Some(dir) = dir else {
        let s = if media.len() == 1 { "" } else { "s" };
        notice!(
            "ordo: the result holds {} media block{s}, referred to by number: {}; --save-media DIR \
             writes them out",
            media.len(),
            lines.join("; ")
        );
        return Ok(());
    };
    std::fs::create_dir_all(dir).map_err(|error| {
        CliError::failed(format!("ordo: cannot create {}: {error}", dir.display()))
    })?;
    for (index, (entry, line)) in media.iter().zip(&lines).enumerate() {
        let block = &entry.block;
        let Some(bytes) = contents(block) else {
            notice!("ordo: {line}: a link, nothing to write");
            continue;
        };
        let bytes = bytes.map_err(|error| {
            CliError::failed(format!("ordo: {line}: its base64 does not decode: {error}"))
        })?;
        let path = dir.join(format!("{}.{}", index + 1, extension(block)));
        std::fs::write(&path, bytes).map_err(|error| {
            CliError::failed(format!("ordo: cannot write {}: {error}", path.display()))
        })?;
        notice!("ordo: saved {line} to {}", path.display());
    }
    Ok(())
}

/// A block's bytes: its base64 decoded, or an embedded resource's text; `None` for a link.
fn contents(block: &Value) -> Option<Result<Vec<u8>, base64::DecodeError>> {
    let base64 = block["data"].as_str().or_else(|| block["resource"]["blob"].as_str());
    match (base64, block["resource"]["text"].as_str()) {
        (Some(data), _) => Some(STANDARD.decode(data)),
        (None, Some(text)) => Some(Ok(text.as_bytes().to_vec())),
        (None, None) => None,
    }
}

/// The file extension of a block's media type.
fn extension(block: &Value) -> &'static str {
    let mime = block["mimeType"].as_str().or_else(|| block["resource"]["mimeType"].as_str());
    match mime.unwrap_or_default() {
        "image/png" => "png",
        "image/jpeg" => "jpg",
        "image/gif" => "gif",
        "image/webp" => "webp",
        "image/svg+xml" => "svg",
        "audio/wav" | "audio/x-wav" => "wav",
        "audio/mpeg" => "mp3",
        "audio/ogg" => "ogg",
        "application/json" => "json",
        "text/markdown" => "md",
        mime if mime.starts_with("text/") => "txt",
        _ => "bin",
    }
}

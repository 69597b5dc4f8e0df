//! Built-ins written in JavaScript, compiled at their first touch: the web built-ins
//! (`builtins.js`) and, with the `intl` feature, where Boa's `Intl` differs from V8's
//! (`intl/`). Compiling either costs a millisecond and more, which a script that never uses
//! them should not pay, and an engine is built without parsing any JavaScript at all.
//!
//! A source is compiled before a run when the run's code names any property it defines or
//! replaces ([`compile_named`]), and otherwise at the first touch of one of those properties:
//! each starts as an accessor, made here in Rust, whose first use puts them all back as they
//! were, evaluates the source (which may read them), then reads or writes the property as asked.
//!
//! Why both. Boa 0.22's inline caches are filled *after* a property read returns, with the
//! object's shape at that moment and the slot found before the read: when the read ran a getter
//! that turned the property into a data property, the cache pairs the new shape with the old
//! accessor slot, and the next read at the same place calls the property's new value as if it
//! were the getter (`structuredClone` called with no argument; `TextDecoder` called without
//! `new`). A property is read by name from a cached place only where the code spells its name,
//! and a script cannot compile code from strings (no `eval`, no `Function`), so every such place
//! is in the text of the run: compiling what the text names first leaves the accessors to reads
//! by computed key (`globalThis[name]`, `Reflect.get`, descriptors), which Boa never caches.
//! `runtime/tests/boa_inline_cache.rs` holds the defect in plain Boa.
//!
//! Turning an accessor (two storage slots) into a data property (one) also moves every property
//! after it down a slot, and a cache kept for an object that *inherits* the property (`d.getTime`
//! on a `Date`, keyed by the instance's shape) does not see its prototype change. So every
//! accessor is made the last property of its owner (one that replaces a built-in moves there),
//! and putting them back moves nothing that a cache may hold.

use std::borrow::Cow;
use std::cell::RefCell;

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction};

use super::originals::{self, Originals};

/// `atob`/`btoa`, `TextEncoder`/`TextDecoder`, `structuredClone`, `queueMicrotask` and
/// `Array.fromAsync`, in JavaScript (see the file).
const WEB_BUILTINS: Source = Source {
    path: "builtins.js",
    text: include_str!("builtins.js"),
    natives: Some(super::encoding::natives),
    targets: &[
        ("", "atob"),
        ("", "btoa"),
        ("", "TextEncoder"),
        ("", "TextDecoder"),
        ("", "structuredClone"),
        ("", "queueMicrotask"),
        ("Array", "fromAsync"),
        ("Error", "captureStackTrace"),
    ],
};

/// `URL` and `URLSearchParams`, over the `url` crate's parser (see the file and `url.rs`).
const URL_BUILTINS: Source = Source {
    path: "url.js",
    text: include_str!("url.js"),
    natives: Some(super::url::natives),
    targets: &[("", "URL"), ("", "URLSearchParams")],
};

/// Where Boa's `Intl` falls short of V8's (see `intl/prelude.js`): one function, its parts in
/// one file each.
#[cfg(feature = "intl")]
const INTL: Source = Source {
    path: "intl.js",
    text: concat!(
        include_str!("intl/prelude.js"),
        include_str!("intl/numbers.js"),
        include_str!("intl/dates.js"),
        include_str!("intl/relative_time.js"),
        include_str!("intl/install.js"),
    ),
    natives: None,
    targets: &[
        ("", "Intl"),
        ("Number.prototype", "toLocaleString"),
        ("Date.prototype", "toLocaleString"),
        ("Date.prototype", "toLocaleDateString"),
        ("Date.prototype", "toLocaleTimeString"),
    ],
};

/// A source and the properties it defines or replaces: (the owner, as a path from the global
/// object, `""` for the global object itself; the property).
struct Source {
    path: &'static str,
    text: &'static str,
    /// Where the text is a function: what makes the one argument it is called with.
    natives: Option<fn(&mut Context) -> JsObject>,
    targets: &'static [(&'static str, &'static str)],
}

/// Makes every lazily compiled source's properties accessors that compile it.
pub(crate) fn install(context: &mut Context, originals: &Originals) -> JsResult<()> {
    let sources = [
        &WEB_BUILTINS,
        &URL_BUILTINS,
        #[cfg(feature = "intl")]
        &INTL,
    ];
    context.insert_data(Pending::default());
    for source in sources {
        install_one(context, originals, source)?;
    }
    Ok(())
}

/// The sources, in the context's host-defined data (an accessor is a plain function with its
/// source's index as capture): each taken out when it is compiled.
#[derive(Default)]
struct Pending(RefCell<Vec<Option<PendingSource>>>);

struct PendingSource {
    source: &'static Source,
    /// Each target's owner, name, and its property as it was (`None`: it had none).
    targets: Vec<(JsObject, JsString, Option<PropertyDescriptor>)>,
}

fn install_one(
    context: &mut Context,
    originals: &Originals,
    source: &'static Source,
) -> JsResult<()> {
    let mut targets = Vec::with_capacity(source.targets.len());
    for (owner, name) in source.targets {
        let owner = if owner.is_empty() {
            context.global_object()
        } else {
            originals::read(context, owner)?.as_object().ok_or_else(|| missing(owner))?
        };
        let name = JsString::from(*name);
        let original = originals.own_property(&owner, name.clone(), context)?;
        if original.is_some() {
            // To the end of the owner's properties, where turning back moves no other slot.
            owner.delete_property_or_throw(name.clone(), context)?;
        }
        targets.push((owner, name, original));
    }
    let pending = context.get_data::<Pending>().ok_or_else(|| missing("the pending sources"))?;
    let index = pending.0.borrow().len();
    for (owner, name, _) in &targets {
        let captures = (index, owner.clone(), name.clone());
        let get = NativeFunction::from_copy_closure_with_captures(
            |_this, _args, (index, owner, name): &(usize, JsObject, JsString), context| {
                compile(*index, context)?;
                owner.get(name.clone(), context)
            },
            captures.clone(),
        );
        let set = NativeFunction::from_copy_closure_with_captures(
            |this, args, (index, _, name): &(usize, JsObject, JsString), context| {
                compile(*index, context)?;
                let this = this.as_object().ok_or_else(|| {
                    JsNativeError::typ().with_message("a property can only be set on an object")
                })?;
                let value = PropertyDescriptor::builder()
                    .value(args.first().cloned().unwrap_or_default())
                    .writable(true)
                    .configurable(true);
                this.define_property_or_throw(name.clone(), value, context)?;
                Ok(JsValue::undefined())
            },
            captures,
        );
        let accessor = PropertyDescriptor::builder()
            .get(FunctionObjectBuilder::new(context.realm(), get).name(name.clone()).build())
            .set(FunctionObjectBuilder::new(context.realm(), set).name(name.clone()).build())
            .enumerable(false)
            .configurable(true);
        owner.define_property_or_throw(name.clone(), accessor, context)?;
    }
    if let Some(pending) = context.get_data::<Pending>() {
        pending.0.borrow_mut().push(Some(PendingSource { source, targets }));
    }
    Ok(())
}

/// Compiles, before a run, every source that the run's code (the script, a prelude) names a
/// property of: see the module's documentation for why a by-name read must never meet one of
/// the accessors. A name spelled with escapes (`\u0061tob`) counts as it reads.
pub(crate) fn compile_named(context: &mut Context, texts: &[&str]) -> JsResult<()> {
    // A mention in a comment or a string counts too: compiling early is only ever a little work
    // done sooner.
    let texts: Vec<Cow<'_, str>> =
        texts
            .iter()
            .map(|text| {
                if text.contains("\\u") {
                    Cow::Owned(unescaped(text))
                } else {
                    Cow::Borrowed(*text)
                }
            })
            .collect();
    let named: Vec<usize> = match context.get_data::<Pending>() {
        Some(pending) => pending
            .0
            .borrow()
            .iter()
            .enumerate()
            .filter_map(|(index, source)| Some((index, source.as_ref()?)))
            .filter(|(_, source)| {
                source
                    .source
                    .targets
                    .iter()
                    .any(|(_, name)| texts.iter().any(|text| text.contains(name)))
            })
            .map(|(index, _)| index)
            .collect(),
        None => Vec::new(),
    };
    for index in named {
        compile(index, context)?;
    }
    Ok(())
}

/// The text with every `\uXXXX` and `\u{X…}` escape replaced by its character (those that do
/// not stand for one are left as written).
fn unescaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("\\u") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let (digits, tail) = match after.strip_prefix('{') {
            Some(braced) => braced.split_once('}').unwrap_or(("", after)),
            None if after.len() >= 4 && after.is_char_boundary(4) => after.split_at(4),
            None => ("", after),
        };
        let character = Some(digits)
            .filter(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|digits| u32::from_str_radix(digits, 16).ok())
            .and_then(char::from_u32);
        match character {
            Some(character) => {
                out.push(character);
                rest = tail;
            }
            None => {
                out.push_str("\\u");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Puts a source's properties back as they were and evaluates it, the first time only.
fn compile(index: usize, context: &mut Context) -> JsResult<()> {
    let taken = context
        .get_data::<Pending>()
        .and_then(|pending| pending.0.borrow_mut().get_mut(index)?.take());
    let Some(PendingSource { source, targets }) = taken else {
        return Ok(());
    };
    for (owner, name, original) in targets {
        match original {
            Some(original) => owner.define_property_or_throw(name, original, context)?,
            None => owner.delete_property_or_throw(name, context)?,
        };
    }
    let text =
        boa_engine::Source::from_bytes(source.text).with_path(std::path::Path::new(source.path));
    let evaluated = context.eval(text)?;
    let Some(natives) = source.natives else { return Ok(()) };
    let natives = natives(context);
    let function = evaluated.as_callable().ok_or_else(|| missing(source.path))?;
    function.call(&JsValue::undefined(), &[natives.into()], context).map(drop)
}

fn missing(what: &str) -> boa_engine::JsError {
    JsNativeError::typ().with_message(format!("{what} is missing")).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_read_as_the_characters_they_stand_for() {
        assert_eq!(unescaped(r"\u0061tob(x); \u{62}toa"), "atob(x); btoa");
        // Not escapes of a character: left as written.
        assert_eq!(unescaped(r"\u00zz \u{110000} \u{} \u12"), r"\u00zz \u{110000} \u{} \u12");
        assert_eq!(unescaped(r"\uD800 é\u00e9"), "\\uD800 éé");
        assert_eq!(unescaped("\\u12é"), "\\u12é");
    }

    /// Code of ordo's that is compiled during a run (a lazy source, the console's formatter) is
    /// not seen by [`compile_named`], so it must not read another source's properties by name.
    #[test]
    fn ordo_s_own_code_compiled_during_a_run_names_no_lazily_compiled_property() {
        let sources = [
            &WEB_BUILTINS,
            #[cfg(feature = "intl")]
            &INTL,
        ];
        let compiled_later =
            [("format.js", include_str!("format.js")), ("the warm-up", super::super::WARM_UP)];
        for source in sources {
            let others = sources
                .iter()
                .filter(|other| other.path != source.path)
                .map(|other| (other.path, other.text));
            for (path, text) in compiled_later.into_iter().chain(others) {
                for (_, name) in source.targets {
                    assert!(!text.contains(name), "{path} names {name}, from {}", source.path);
                }
            }
        }
    }
}

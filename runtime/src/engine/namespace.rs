//! A run's [`Namespace`] and [`Constant`]s, built in Rust before the script runs (see
//! [`crate::globals`]): frozen, prototype-less objects whose members call host functions, each
//! object behind a proxy whose `get` names the member meant when a script asks for one that is
//! not there.

use std::cell::RefCell;

use boa_engine::object::builtins::JsProxyBuilder;
use boa_engine::object::{FunctionObjectBuilder, IntegrityLevel};
use boa_engine::property::{PropertyDescriptor, PropertyKey};
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction};

use super::globals::host_call;
use crate::globals::{Constant, Member, Namespace};

/// Names listed in a strict object's message before the rest are counted.
const MAX_LISTED: usize = 30;

/// Installs the namespace as its global.
pub(crate) fn install(context: &mut Context, namespace: &Namespace) -> Result<(), String> {
    let entries = Node::tree(&namespace.members)
        .map_err(|problem| format!("cannot build the namespace {}: {problem}", namespace.global))?;
    context.insert_data(Strictness {
        noun: namespace.noun.clone(),
        more_hint: namespace.more_hint.clone(),
        objects: RefCell::default(),
    });
    let root = build(context, &entries, &namespace.global)
        .map_err(|error| format!("cannot build the namespace {}: {error}", namespace.global))?;
    define_constant(context, &namespace.global, root.into(), false)
        .map_err(|error| format!("cannot install the namespace {}: {error}", namespace.global))
}

/// Installs a constant.
pub(crate) fn install_constant(context: &mut Context, constant: &Constant) -> Result<(), String> {
    let value = match &constant.value {
        Some(value) => JsValue::from_json(value, context),
        None => Ok(JsValue::undefined()),
    };
    let installed = value.and_then(|value| {
        if constant.frozen
            && let Some(object) = value.as_object()
        {
            object.set_integrity_level(IntegrityLevel::Frozen, context)?;
        }
        define_constant(context, &constant.name, value, true)
    });
    installed.map_err(|error| format!("cannot install the global {}: {error}", constant.name))
}

/// A global that cannot be reassigned or deleted.
fn define_constant(
    context: &mut Context,
    name: &str,
    value: JsValue,
    enumerable: bool,
) -> JsResult<()> {
    let descriptor = PropertyDescriptor::builder()
        .value(value)
        .writable(false)
        .enumerable(enumerable)
        .configurable(false);
    context.global_object().define_property_or_throw(JsString::from(name), descriptor, context)?;
    Ok(())
}

/// The namespace as a tree: each object's entries in the order they were first placed.
enum Node<'a> {
    Function { function: &'a str, listed: bool },
    Object(Entries<'a>),
}

/// One object's entries.
type Entries<'a> = Vec<(&'a str, Node<'a>)>;

impl<'a> Node<'a> {
    /// The root object's entries.
    fn tree(members: &'a [Member]) -> Result<Entries<'a>, String> {
        let mut root = Vec::new();
        for member in members {
            Self::place(&mut root, &member.path, member)?;
        }
        Ok(root)
    }

    /// Places `member` at `path` among an object's `entries`, making the objects on the way.
    fn place(
        entries: &mut Entries<'a>,
        path: &'a [String],
        member: &'a Member,
    ) -> Result<(), String> {
        let Some((name, rest)) = path.split_first() else {
            return Err(format!("the host function {:?} has an empty path", member.function));
        };
        if name.is_empty() {
            return Err(format!("{:?} has an empty name in its path", member.path.join(".")));
        }
        let existing = entries.iter_mut().find(|(entry, _)| entry == name);
        match (existing, rest.is_empty()) {
            (None, true) => {
                let function = Node::Function { function: &member.function, listed: member.listed };
                entries.push((name, function));
                Ok(())
            }
            (None, false) => {
                let mut inner = Vec::new();
                Self::place(&mut inner, rest, member)?;
                entries.push((name, Node::Object(inner)));
                Ok(())
            }
            (Some((_, Node::Object(inner))), false) => Self::place(inner, rest, member),
            (Some((_, Node::Function { .. })), false) => {
                Err(format!("{:?} is placed inside a function", member.path.join(".")))
            }
            (Some((_, Node::Function { .. })), true) => {
                Err(format!("{:?} is placed twice", member.path.join(".")))
            }
            (Some((_, Node::Object(_))), true) => Err(format!(
                "{:?} is both a function and an object holding others",
                member.path.join(".")
            )),
        }
    }
}

/// Builds one object of the tree (and the objects inside it): frozen, behind its strict proxy (a member it lacks throws).
fn build(context: &mut Context, entries: &Entries<'_>, path: &str) -> JsResult<JsObject> {
    let object = JsObject::with_null_proto();
    let mut listed = Vec::new();
    for (name, entry) in entries {
        let (value, enumerable) = match entry {
            Node::Function { function, listed } => {
                let call = NativeFunction::from_copy_closure_with_captures(
                    member_call,
                    JsString::from(*function),
                );
                let function = FunctionObjectBuilder::new(context.realm(), call)
                    .name(JsString::from(*name))
                    .length(1)
                    .build();
                (JsValue::from(function), *listed)
            }
            Node::Object(inner) => (build(context, inner, &format!("{path}.{name}"))?.into(), true),
        };
        if enumerable {
            listed.push((*name).to_owned());
        }
        let descriptor = PropertyDescriptor::builder()
            .value(value)
            .writable(false)
            .enumerable(enumerable)
            .configurable(false);
        object.define_property_or_throw(JsString::from(*name), descriptor, context)?;
    }
    object.set_integrity_level(IntegrityLevel::Frozen, context)?;
    if let Some(strictness) = context.get_data::<Strictness>() {
        let strict = StrictObject { target: object.clone(), path: path.to_owned(), listed };
        strictness.objects.borrow_mut().push(strict);
    }
    Ok(JsProxyBuilder::new(object).get(strict_get).build(context)?.into())
}

/// A member: calls its host function with its argument, `{}` when it is given none, and the
/// options after it, if any.
fn member_call(
    this: &JsValue,
    args: &[JsValue],
    function: &JsString,
    context: &mut Context,
) -> JsResult<JsValue> {
    let argument = match args.first().filter(|argument| !argument.is_undefined()) {
        Some(argument) => argument.clone(),
        None => JsObject::with_object_proto(context.intrinsics()).into(),
    };
    let options = args.get(1).cloned().unwrap_or_default();
    host_call(this, &[argument, options], function, context)
}

/// One object of the namespace, as its strict proxy names it.
struct StrictObject {
    target: JsObject,
    /// `tools`, `tools.github`.
    path: String,
    /// What `Object.keys` lists, in its order.
    listed: Vec<String>,
}

/// What the namespace's strict proxies say, in the context's host-defined data: a proxy trap is a plain
/// function, which finds its object by the target it is given.
struct Strictness {
    noun: String,
    more_hint: Option<String>,
    objects: RefCell<Vec<StrictObject>>,
}

/// The proxy's `get`: what the object has reads through (and symbols, `then` and `toJSON`, so
/// the object can be awaited, inspected and serialized); anything else throws.
fn strict_get(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let Some(target) = args.first().and_then(JsValue::as_object) else {
        return Err(JsNativeError::typ()
            .with_message("the namespace's proxy lost its object")
            .into());
    };
    let key = args.get(1).cloned().unwrap_or_default().to_property_key(context)?;
    let passes = match &key {
        PropertyKey::Symbol(_) => true,
        PropertyKey::String(name) => *name == "then" || *name == "toJSON",
        PropertyKey::Index(_) => false,
    };
    if passes || target.has_property(key.clone(), context)? {
        return target.get(key, context);
    }
    let message = context.get_data::<Strictness>().and_then(|strictness| {
        let objects = strictness.objects.borrow();
        let object = objects.iter().find(|object| JsObject::equals(&object.target, &target))?;
        Some(strictness.not_there(object, &key.to_string()))
    });
    let message = message.unwrap_or_else(|| format!("{key} is not there"));
    Err(JsNativeError::typ().with_message(message).into())
}

impl Strictness {
    /// `tools.read_fiel is not a tool (did you mean read_file?). tools has: read_file, …`
    fn not_there(&self, object: &StrictObject, key: &str) -> String {
        let wanted = key.to_lowercase();
        let mut best: Option<(&str, usize)> = None;
        for name in &object.listed {
            let distance = strsim::osa_distance(&wanted, &name.to_lowercase());
            if best.is_none_or(|(_, closest)| distance < closest) {
                best = Some((name, distance));
            }
        }
        let meant = match best {
            Some((name, distance)) if distance <= (name.chars().count() / 3).max(1) => {
                format!(" (did you mean {name}?)")
            }
            _ => String::new(),
        };
        let mut shown =
            object.listed.iter().take(MAX_LISTED).cloned().collect::<Vec<_>>().join(", ");
        if object.listed.len() > MAX_LISTED {
            let more = object.listed.len() - MAX_LISTED;
            match &self.more_hint {
                Some(hint) => shown.push_str(&format!(", … ({more} more: {hint})")),
                None => shown.push_str(&format!(", … ({more} more)")),
            }
        }
        if shown.is_empty() {
            shown = format!("no {}s", self.noun);
        }
        format!("{}.{key} is not a {}{meant}. {} has: {shown}", object.path, self.noun, object.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the strict proxy of a `tools` object listing `listed` says of `key`.
    fn not_there(listed: &[&str], key: &str) -> String {
        let strictness = Strictness {
            noun: "tool".to_owned(),
            more_hint: Some("tools.$search(query) finds them".to_owned()),
            objects: RefCell::default(),
        };
        let object = StrictObject {
            target: JsObject::with_null_proto(),
            path: "tools".to_owned(),
            listed: listed.iter().map(|name| (*name).to_owned()).collect(),
        };
        strictness.not_there(&object, key)
    }

    #[test]
    fn r_code_8_a_near_miss_names_the_member_meant() {
        let message = not_there(&["read_file", "list_dir"], "read_fiel");
        assert_eq!(
            message,
            "tools.read_fiel is not a tool (did you mean read_file?). tools has: read_file, list_dir"
        );
        // Case is ignored, a transposition is one edit.
        assert!(not_there(&["list_dir"], "LIST_DRI").contains("did you mean list_dir?"));
    }

    #[test]
    fn r_code_8_a_far_miss_lists_without_a_guess() {
        let message = not_there(&["read_file"], "fetch");
        assert_eq!(message, "tools.fetch is not a tool. tools has: read_file");
        assert_eq!(not_there(&[], "x"), "tools.x is not a tool. tools has: no tools");
    }

    #[test]
    fn r_code_8_a_long_listing_is_cut_with_the_hint() {
        let names: Vec<String> = (0..35).map(|index| format!("tool_{index:02}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let message = not_there(&names, "zzzzzzzzzzzzz");
        assert!(
            message.contains("tool_29, … (5 more: tools.$search(query) finds them)"),
            "{message}"
        );
        assert!(!message.contains("tool_30"), "{message}");
    }

    #[test]
    fn a_tree_refuses_a_path_placed_twice_or_inside_a_function() {
        let member = |path: &[&str]| Member {
            path: path.iter().map(|name| (*name).to_owned()).collect(),
            function: path.join("__"),
            listed: true,
        };
        let twice = [member(&["a"]), member(&["a"])];
        assert!(Node::tree(&twice).err().is_some_and(|error| error.contains("placed twice")));
        let both = [member(&["a", "b"]), member(&["a"])];
        assert!(Node::tree(&both).err().is_some_and(|error| error.contains("both a function")));
        let inside = [member(&["a"]), member(&["a", "b"])];
        assert!(Node::tree(&inside).err().is_some_and(|error| error.contains("inside a function")));
        let empty = [member(&[])];
        assert!(Node::tree(&empty).err().is_some_and(|error| error.contains("empty path")));
        let nested = [member(&["a", "b"]), member(&["a", "c"]), member(&["d"])];
        assert!(Node::tree(&nested).is_ok());
    }
}

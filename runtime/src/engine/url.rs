//! The work of `URL` and `URLSearchParams`, in Rust: the WHATWG URL Standard's parser, its API's
//! setters and the `application/x-www-form-urlencoded` format, as the `url` crate (servo's,
//! which follows the standard) implements them. `url.js` keeps the classes a script sees and
//! receives these functions in an object no script can reach ([`natives`]).

use boa_engine::object::builtins::JsArray;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue};
use url::{Url, form_urlencoded, quirks};

use super::native::{self, arg};

/// The functions `url.js` is given.
pub(super) fn natives(context: &mut Context) -> JsObject {
    let functions: [(&str, usize, native::Native); 4] = [
        ("parse", 2, parse),
        ("set", 3, set),
        ("parseForm", 1, parse_form),
        ("serializeForm", 1, serialize_form),
    ];
    native::natives(context, &functions)
}

/// The argument at `index` as Rust text (a lone surrogate, which a URL cannot hold, as U+FFFD:
/// the standard's USVString conversion).
fn text(args: &[JsValue], index: usize, context: &mut Context) -> JsResult<String> {
    Ok(arg(args, index).to_string(context)?.to_std_string_lossy())
}

/// A URL's parts in the order `url.js` reads them: href, origin, protocol, username, password,
/// host, hostname, port, pathname, search, hash.
fn parts(url: &Url, context: &mut Context) -> JsValue {
    let parts = [
        quirks::href(url),
        &quirks::origin(url),
        quirks::protocol(url),
        quirks::username(url),
        quirks::password(url),
        quirks::host(url),
        quirks::hostname(url),
        quirks::port(url),
        quirks::pathname(url),
        quirks::search(url),
        quirks::hash(url),
    ]
    .map(|part| JsValue::from(JsString::from(part)));
    JsArray::from_iter(parts, context).into()
}

/// `parse(input, base)`: the parts of `input` against `base` (`undefined` for none), or `null`
/// where either is no URL.
fn parse(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let input = text(args, 0, context)?;
    let base = match arg(args, 1) {
        base if base.is_undefined() => None,
        _ => match Url::parse(&text(args, 1, context)?) {
            Ok(base) => Some(base),
            Err(_) => return Ok(JsValue::null()),
        },
    };
    Ok(match Url::options().base_url(base.as_ref()).parse(&input) {
        Ok(url) => parts(&url, context),
        Err(_) => JsValue::null(),
    })
}

/// `set(href, part, value)`: the parts after the API's setter of `part` ran on `href`; a setter
/// that finds nothing it can use leaves the URL as it was, as the standard says. Setting `href`
/// to no URL is a `TypeError`.
fn set(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let href = text(args, 0, context)?;
    let part = text(args, 1, context)?;
    let value = text(args, 2, context)?;
    let mut url = Url::parse(&href).map_err(|_| invalid_url())?;
    if part == "href" {
        quirks::set_href(&mut url, &value).map_err(|_| invalid_url())?;
        return Ok(parts(&url, context));
    }
    // A setter's error means "ignore the new value": the URL stays as it was.
    let _ignored = match part.as_str() {
        "protocol" => quirks::set_protocol(&mut url, &value),
        "username" => quirks::set_username(&mut url, &value),
        "password" => quirks::set_password(&mut url, &value),
        "host" => quirks::set_host(&mut url, &value),
        "hostname" => quirks::set_hostname(&mut url, &value),
        "port" => quirks::set_port(&mut url, &value),
        "pathname" => {
            quirks::set_pathname(&mut url, &value);
            Ok(())
        }
        "search" => {
            quirks::set_search(&mut url, &value);
            Ok(())
        }
        "hash" => {
            quirks::set_hash(&mut url, &value);
            Ok(())
        }
        _ => Ok(()),
    };
    Ok(parts(&url, context))
}

fn invalid_url() -> boa_engine::JsError {
    JsNativeError::typ().with_message("Invalid URL").into()
}

/// `parseForm(text)`: the names and values of `application/x-www-form-urlencoded` text, as one
/// flat list (name, value, name, value...).
fn parse_form(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let input = text(args, 0, context)?;
    let flat: Vec<JsValue> = form_urlencoded::parse(input.as_bytes())
        .flat_map(|(name, value)| [JsString::from(&*name), JsString::from(&*value)])
        .map(JsValue::from)
        .collect();
    Ok(JsArray::from_iter(flat, context).into())
}

/// `serializeForm(flat)`: the text of a flat list of names and values.
fn serialize_form(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let list = arg(args, 0);
    let list = list.as_object().ok_or_else(|| JsNativeError::typ().with_message("a list"))?;
    let len = list.get(boa_engine::js_string!("length"), context)?.to_length(context)?;
    let mut serializer = form_urlencoded::Serializer::new(String::new());
    let mut index = 0;
    while index + 1 < len {
        let name = list.get(index, context)?.to_string(context)?.to_std_string_lossy();
        let value = list.get(index + 1, context)?.to_string(context)?.to_std_string_lossy();
        serializer.append_pair(&name, &value);
        index += 2;
    }
    Ok(JsString::from(serializer.finish()).into())
}

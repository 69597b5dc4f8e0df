//! What a span's or an event's `tracing` fields say in OpenTelemetry's terms: the span's name,
//! kind and status from the `otel.*` fields (as `tracing-opentelemetry` reads them, so a span
//! means the same to an embedder's layer), everything else an attribute under the field's own
//! name; an event's name from its macro's `name:` or else its message.
//!
//! A call's span is made for every call, so what it records avoids allocating where it can: a
//! field's name is already `'static`, and the values the conventions fix (`execute_tool`,
//! `function`, `tools/call`, …) are kept as static strings, not copied.

use std::borrow::Cow;
use std::fmt;

use opentelemetry::trace::{SpanKind, Status};
use opentelemetry::{Key, KeyValue, StringValue, Value};
use tracing::field::{Field, Visit};

/// The values ordo's spans record that the conventions fix: kept without a copy.
const FIXED_VALUES: [&str; 6] =
    ["execute_tool", "function", "tools/call", "tools/list", "pipe", "tcp"];

/// `text` as an attribute's value: a fixed value as the static string it equals, else a copy.
fn string_value(text: Cow<'_, str>) -> Value {
    let value = match FIXED_VALUES.iter().find(|fixed| **fixed == text) {
        Some(fixed) => StringValue::from(*fixed),
        None => StringValue::from(text.into_owned()),
    };
    Value::String(value)
}

/// A span's fields, as made or as recorded later.
#[derive(Default)]
pub(super) struct SpanFields {
    /// `otel.name`: the span's name, in place of the `tracing` span's own.
    pub(super) name: Option<Cow<'static, str>>,
    /// `otel.kind`.
    pub(super) kind: Option<SpanKind>,
    /// `otel.status_code` (`ok`, `error`) or `otel.status_description` (an error's).
    pub(super) status: Option<Status>,
    pub(super) attributes: Vec<KeyValue>,
}

impl SpanFields {
    /// Room for `fields` attributes, the most a span's fields can give.
    pub(super) fn with_capacity(fields: usize) -> Self {
        Self { attributes: Vec::with_capacity(fields), ..Self::default() }
    }
}

fn kind(kind: &str) -> Option<SpanKind> {
    Some(match kind.to_ascii_lowercase().as_str() {
        "internal" => SpanKind::Internal,
        "server" => SpanKind::Server,
        "client" => SpanKind::Client,
        "producer" => SpanKind::Producer,
        "consumer" => SpanKind::Consumer,
        _ => return None,
    })
}

fn status(code: &str) -> Option<Status> {
    if code.eq_ignore_ascii_case("ok") {
        Some(Status::Ok)
    } else if code.eq_ignore_ascii_case("error") {
        Some(Status::error(""))
    } else {
        None
    }
}

/// An event's fields: its name and attributes.
pub(super) struct EventFields {
    pub(super) name: Cow<'static, str>,
    /// Whether the name was given in the event's macro: its message is then not read.
    named: bool,
    pub(super) attributes: Vec<KeyValue>,
}

impl EventFields {
    /// An event of `metadata`, named as its macro named it (`name: "dispatched"`), else by its
    /// message once recorded: `tracing` names an event `event {file}:{line}` by default.
    pub(super) fn new(metadata: &'static tracing::Metadata<'static>) -> Self {
        let named = !metadata.name().starts_with("event ");
        let name = if named { Cow::Borrowed(metadata.name()) } else { Cow::Borrowed("") };
        Self { name, named, attributes: Vec::new() }
    }
}

/// A field-by-field reader of spans' and events' fields.
pub(super) trait Fields {
    /// Whether `field`'s value is read at all.
    fn reads(&self, _field: &Field) -> bool {
        true
    }

    /// A field given as text (or formatted as text).
    fn text(&mut self, field: &Field, value: Cow<'_, str>);

    /// The attributes read so far.
    fn attributes(&mut self) -> &mut Vec<KeyValue>;

    /// A field given as a number or a flag: an attribute as it is.
    fn typed(&mut self, field: &Field, value: Value) {
        self.attributes().push(KeyValue::new(Key::from_static_str(field.name()), value));
    }

    /// A field given as text that says nothing of the span or event itself: an attribute.
    fn attribute(&mut self, field: &Field, value: Cow<'_, str>) {
        self.attributes()
            .push(KeyValue::new(Key::from_static_str(field.name()), string_value(value)));
    }
}

impl Fields for SpanFields {
    fn text(&mut self, field: &Field, value: Cow<'_, str>) {
        match field.name() {
            "otel.name" => self.name = Some(Cow::Owned(value.into_owned())),
            "otel.kind" => self.kind = kind(&value),
            "otel.status_code" => self.status = status(&value),
            "otel.status_description" => self.status = Some(Status::error(value.into_owned())),
            _ => self.attribute(field, value),
        }
    }

    fn attributes(&mut self) -> &mut Vec<KeyValue> {
        &mut self.attributes
    }
}

impl Fields for EventFields {
    fn reads(&self, field: &Field) -> bool {
        !(self.named && field.name() == "message")
    }

    fn text(&mut self, field: &Field, value: Cow<'_, str>) {
        match field.name() {
            "message" => self.name = Cow::Owned(value.into_owned()),
            _ => self.attribute(field, value),
        }
    }

    fn attributes(&mut self) -> &mut Vec<KeyValue> {
        &mut self.attributes
    }
}

/// Reads a span's or an event's fields into `F`: `attributes.record(&mut Reader(&mut fields))`.
pub(super) struct Reader<'a, F>(pub(super) &'a mut F);

impl<F: Fields> Visit for Reader<'_, F> {
    fn record_str(&mut self, field: &Field, value: &str) {
        if self.0.reads(field) {
            self.0.text(field, Cow::Borrowed(value));
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if self.0.reads(field) {
            self.0.text(field, Cow::Owned(format!("{value:?}")));
        }
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.0.typed(field, Value::I64(value));
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        let value = match i64::try_from(value) {
            Ok(value) => Value::I64(value),
            Err(_) => Value::String(value.to_string().into()),
        };
        self.0.typed(field, value);
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        self.0.typed(field, Value::F64(value));
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.0.typed(field, Value::Bool(value));
    }
}

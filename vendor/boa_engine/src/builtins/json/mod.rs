//! Boa's implementation of ECMAScript's global `JSON` object.
//!
//! The `JSON` object contains methods for parsing [JavaScript Object Notation (JSON)][spec]
//! and converting values to JSON. It can't be called or constructed, and aside from its
//! two method properties, it has no interesting functionality of its own.
//!
//! More information:
//!  - [ECMAScript reference][spec]
//!  - [MDN documentation][mdn]
//!  - [JSON specification][json]
//!
//! [spec]: https://tc39.es/ecma262/#sec-json
//! [json]: https://www.json.org/json-en.html
//! [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/JSON

use rustc_hash::FxHashSet;

use boa_ast::scope::Scope;
use boa_gc::{Finalize, Gc, Trace};
use boa_macros::utf16;

use crate::JsExpect;
use crate::{
    Context, JsArgs, JsBigInt, JsData, JsResult, JsString, JsValue, SpannedSourceText,
    builtins::BuiltInObject,
    bytecompiler::ByteCompiler,
    context::intrinsics::Intrinsics,
    error::JsNativeError,
    js_string,
    object::{IntegrityLevel, JsObject, internal_methods::InternalMethodPropertyContext},
    property::{Attribute, PropertyKey, PropertyNameKind},
    realm::Realm,
    string::{JsStr, JsStrVariant, StaticJsStrings},
    symbol::JsSymbol,
    value::{IntegerOrInfinity, JsVariant},
    vm::{CallFrame, CallFrameFlags, source_info::SourcePath},
};
use boa_parser::{Parser, Source};

use super::{BuiltInBuilder, IntrinsicObject};

/// Converts a nibble (0-15) to its lowercase hex digit as a UTF-16 code unit.
const fn to_hex_digit(val: u16) -> u16 {
    match val & 0xF {
        v @ 0..=9 => b'0' as u16 + v,
        v => b'a' as u16 + (v - 10),
    }
}

#[cfg(test)]
mod tests;

/// Marker struct for the `[[IsRawJSON]]` internal slot.
#[derive(Debug, Trace, Finalize, JsData)]
pub(crate) struct RawJson;

/// A tree node representing the structure of parsed JSON, preserving source
/// text spans for primitive values. Used to provide `context.source` to
/// the reviver function in `JSON.parse`.
#[derive(Debug)]
enum JsonNode {
    /// A primitive value (string, number, boolean, null) with its original source text.
    Primitive(String),
    /// An array of child nodes.
    Array(Vec<JsonNode>),
    /// An object with key-value pairs.
    Object(Vec<(String, JsonNode)>),
}

/// Visitor that builds a `JsonNode` source tree by walking the parsed AST,
/// extracting source text from `LinearSpan` information tracked by the parser.
/// Uses a stack to build the tree bottom-up during depth-first traversal.
struct JsonSourceVisitor<'a> {
    source_text: &'a boa_ast::SourceText,
    interner: &'a boa_interner::Interner,
    /// Stack used to build the tree bottom-up. Leaf nodes (literals) are pushed
    /// first, then parent nodes (arrays/objects) pop their children and push themselves.
    stack: Vec<JsonNode>,
}

impl<'a> JsonSourceVisitor<'a> {
    /// Creates a new `JsonSourceVisitor`.
    fn new(source_text: &'a boa_ast::SourceText, interner: &'a boa_interner::Interner) -> Self {
        Self {
            source_text,
            interner,
            stack: Vec::new(),
        }
    }

    /// Consumes the visitor and returns the final `JsonNode` tree.
    fn finish(mut self) -> Option<JsonNode> {
        self.stack.pop()
    }
}

impl<'ast> boa_ast::visitor::Visitor<'ast> for JsonSourceVisitor<'_> {
    type BreakTy = std::convert::Infallible;

    fn visit_literal(
        &mut self,
        node: &'ast boa_ast::expression::literal::Literal,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        let span = node.linear_span();
        let code_points = self.source_text.get_code_points_from_span(span);
        let text = String::from_utf16_lossy(code_points);
        self.stack.push(JsonNode::Primitive(text));
        std::ops::ControlFlow::Continue(())
    }

    fn visit_array_literal(
        &mut self,
        node: &'ast boa_ast::expression::literal::ArrayLiteral,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        let count = node.as_ref().len();
        let base = self.stack.len();

        // Visit each element, which pushes child nodes onto the stack
        for elem in node.as_ref() {
            if let Some(expr) = elem {
                self.visit_expression(expr)?;
            } else {
                // Sparse element (should not happen in JSON)
                self.stack.push(JsonNode::Primitive("null".to_string()));
            }
        }

        // Pop the children that were just pushed and collect into array
        let children: Vec<JsonNode> = self.stack.drain(base..).collect();
        debug_assert_eq!(children.len(), count);
        self.stack.push(JsonNode::Array(children));
        std::ops::ControlFlow::Continue(())
    }

    fn visit_object_literal(
        &mut self,
        node: &'ast boa_ast::expression::literal::ObjectLiteral,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        use boa_ast::expression::literal::PropertyDefinition;

        let base = self.stack.len();
        let mut keys: Vec<String> = Vec::new();

        for prop in node.properties() {
            if let PropertyDefinition::Property(name, value) = prop {
                let key = if let Some(ident) = name.literal() {
                    self.interner.resolve_expect(ident.sym()).to_string()
                } else {
                    String::new()
                };
                keys.push(key);
                // Visit the value expression, which pushes the child node
                self.visit_expression(value)?;
            }
        }

        // Pop the value nodes and zip with keys
        let values: Vec<JsonNode> = self.stack.drain(base..).collect();
        debug_assert_eq!(keys.len(), values.len());
        let entries: Vec<(String, JsonNode)> = keys.into_iter().zip(values).collect();
        self.stack.push(JsonNode::Object(entries));
        std::ops::ControlFlow::Continue(())
    }

    fn visit_unary(
        &mut self,
        node: &'ast boa_ast::expression::operator::Unary,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        use boa_ast::expression::operator::unary::UnaryOp;
        use boa_ast::visitor::VisitWith;

        if node.op() == UnaryOp::Minus
            && let boa_ast::Expression::Literal(lit) = node.target()
        {
            let span = lit.linear_span();
            let code_points = self.source_text.get_code_points_from_span(span);
            let num_text = String::from_utf16_lossy(code_points);
            self.stack.push(JsonNode::Primitive(format!("-{num_text}")));
            return std::ops::ControlFlow::Continue(());
        }

        // Default: recurse into children
        node.visit_with(self)
    }

    fn visit_parenthesized(
        &mut self,
        node: &'ast boa_ast::expression::Parenthesized,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        // Unwrap parentheses and visit inner expression
        self.visit_expression(node.expression())
    }
}

/// ordo's patch: `JSON.parse`'s steps 11 to 12 for a value an embedder parsed itself (ordo
/// reads JSON text over its own code units, with V8's errors): `value`, given to `reviver` as
/// InternalizeJSONProperty gives it, from a root holder `{ "": value }`. Without a source tree,
/// the reviver's third argument has no `source` (Node 20's reviver has no third argument).
///
/// # Errors
///
/// What the reviver throws, or what a property operation on the values it changed throws.
pub fn revive(value: JsValue, reviver: &JsObject, context: &mut Context) -> JsResult<JsValue> {
    let root = JsObject::with_object_proto(context.intrinsics());
    root.create_data_property_or_throw(js_string!(), value, context)
        .js_expect("CreateDataPropertyOrThrow should never throw here")?;
    Json::internalize_json_property(&root, js_string!(), reviver, None, context)
}

/// JavaScript `JSON` global object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Json;

impl IntrinsicObject for Json {
    fn init(realm: &Realm) {
        let to_string_tag = JsSymbol::to_string_tag();
        let attribute = Attribute::READONLY | Attribute::NON_ENUMERABLE | Attribute::CONFIGURABLE;

        BuiltInBuilder::with_intrinsic::<Self>(realm)
            .static_method(Self::parse, js_string!("parse"), 2)
            .static_method(Self::stringify, js_string!("stringify"), 3)
            .static_method(Self::raw_json, js_string!("rawJSON"), 1)
            .static_method(Self::is_raw_json, js_string!("isRawJSON"), 1)
            .static_property(to_string_tag, Self::NAME, attribute)
            .build();
    }

    fn get(intrinsics: &Intrinsics) -> JsObject {
        intrinsics.objects().json()
    }
}

impl BuiltInObject for Json {
    const NAME: JsString = StaticJsStrings::JSON;
}

impl Json {
    /// `JSON.parse( text[, reviver] )`
    ///
    /// This `JSON` method parses a JSON string, constructing the JavaScript value or object described by the string.
    ///
    /// An optional `reviver` function can be provided to perform a transformation on the resulting object before it is returned.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///  - [MDN documentation][mdn]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.parse
    /// [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/JSON/parse
    pub(crate) fn parse(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
        // 1. Let jsonString be ? ToString(text).
        let json_string = args
            .first()
            .cloned()
            .unwrap_or_default()
            .to_string(context)?
            .to_std_string()
            .map_err(|e| JsNativeError::syntax().with_message(e.to_string()))?;

        // 2. Parse ! StringToCodePoints(jsonString) as a JSON text as specified in ECMA-404.
        //    Throw a SyntaxError exception if it is not a valid JSON text as defined in that specification.
        if let Err(e) = serde_json::from_str::<serde_json::Value>(&json_string) {
            return Err(JsNativeError::syntax().with_message(e.to_string()).into());
        }

        // Check if a reviver is provided, to determine if we need source text tracking
        let has_reviver = args.get_or_undefined(1).is_callable();

        // 3. Let scriptString be the string-concatenation of "(", jsonString, and ");".
        let script_string = format!("({json_string});");

        // 4-10. Parse and evaluate the script
        let source = Source::from_bytes(&script_string);
        let mut parser = Parser::new(source);
        parser.set_json_parse();

        // Use parse_script_with_source to get SourceText for span-based source extraction
        let (script, source_text) =
            parser.parse_script_with_source(&Scope::new_global(), context.interner_mut())?;

        // Build the source tree from the AST if a reviver is present.
        // This walks the parsed AST and extracts source text from LinearSpan information,
        // avoiding the need to re-parse the JSON string separately.
        let source_tree = if has_reviver {
            let expr = script.statements().statements().first().and_then(|item| {
                if let boa_ast::StatementListItem::Statement(stmt) = item
                    && let boa_ast::Statement::Expression(expr) = stmt.as_ref()
                {
                    return Some(expr);
                }
                None
            });
            expr.and_then(|e| {
                use boa_ast::visitor::Visitor;
                let mut visitor = JsonSourceVisitor::new(&source_text, context.interner());
                let _ = visitor.visit_expression(e);
                visitor.finish()
            })
        } else {
            None
        };

        let code_block = {
            let in_with = context.vm.frame().environments.has_object_environment();
            let spanned_source_text = SpannedSourceText::new_source_only(
                crate::spanned_source_text::SourceText::new(source_text),
            );
            let mut compiler = ByteCompiler::new(
                js_string!("<json>"),
                script.strict(),
                true,
                context.realm().scope().clone(),
                context.realm().scope().clone(),
                false,
                false,
                context.interner_mut(),
                in_with,
                spanned_source_text,
                SourcePath::Json,
            );
            compiler.compile_statement_list(script.statements(), true, false);
            Gc::new(compiler.finish())
        };

        let realm = context.realm().clone();

        let env_fp = context.vm.frame().environments.len() as u32;
        context.vm.push_frame_with_stack(
            CallFrame::new(
                code_block,
                None,
                context.vm.frame().environments.clone(),
                realm,
            )
            .with_env_fp(env_fp)
            .with_flags(CallFrameFlags::EXIT_EARLY),
            JsValue::undefined(),
            JsValue::null(),
        );

        context.realm().resize_global_env();
        let record = context.run();
        context.vm.pop_frame();

        let unfiltered = record.consume()?;

        // 11. If IsCallable(reviver) is true, then
        if let Some(obj) = args.get_or_undefined(1).as_callable() {
            // a. Let root be ! OrdinaryObjectCreate(%Object.prototype%).
            let root = JsObject::with_object_proto(context.intrinsics());

            // b. Let rootName be the empty String.
            // c. Perform ! CreateDataPropertyOrThrow(root, rootName, unfiltered).
            root.create_data_property_or_throw(js_string!(), unfiltered, context)
                .js_expect("CreateDataPropertyOrThrow should never throw here")?;

            // d. Return ? InternalizeJSONProperty(root, rootName, reviver).
            Self::internalize_json_property(
                &root,
                js_string!(),
                &obj,
                source_tree.as_ref(),
                context,
            )
        } else {
            // 12. Else,
            // a. Return unfiltered.
            Ok(unfiltered)
        }
    }

    /// `25.5.1.1 InternalizeJSONProperty ( holder, name, reviver )`
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-internalizejsonproperty
    fn internalize_json_property(
        holder: &JsObject,
        name: JsString,
        reviver: &JsObject,
        source_node: Option<&JsonNode>,
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. Let val be ? Get(holder, name).
        let val = holder.get(name.clone(), context)?;

        // 2. If Type(val) is Object, then
        if let Some(obj) = val.as_object() {
            // a. Let isArray be ? IsArray(val).
            // b. If isArray is true, then
            if obj.is_array_abstract()? {
                // i. Let I be 0.
                // ii. Let len be ? LengthOfArrayLike(val).
                // iii. Repeat, while I < len,
                let len = obj.length_of_array_like(context)? as i64;
                let children = match source_node {
                    Some(JsonNode::Array(children)) => Some(children),
                    _ => None,
                };
                for i in 0..len {
                    let child_node = children.and_then(|c| c.get(i as usize));
                    // 1. Let prop be ! ToString(𝔽(I)).
                    // 2. Let newElement be ? InternalizeJSONProperty(val, prop, reviver).
                    let new_element = Self::internalize_json_property(
                        &obj,
                        i.into(),
                        reviver,
                        child_node,
                        context,
                    )?;

                    // 3. If newElement is undefined, then
                    if new_element.is_undefined() {
                        // a. Perform ? val.[[Delete]](prop).
                        obj.__delete__(
                            &i.into(),
                            &mut InternalMethodPropertyContext::new(context),
                        )?;
                    }
                    // 4. Else,
                    else {
                        // a. Perform ? CreateDataProperty(val, prop, newElement).
                        obj.create_data_property(i, new_element, context)?;
                    }
                }
            }
            // c. Else,
            else {
                // i. Let keys be ? EnumerableOwnPropertyNames(val, key).
                let keys = obj.enumerable_own_property_names(PropertyNameKind::Key, context)?;
                let entries = match source_node {
                    Some(JsonNode::Object(entries)) => Some(entries),
                    _ => None,
                };

                // ii. For each String P of keys, do
                for p in keys {
                    // This is safe, because EnumerableOwnPropertyNames with 'key' type only returns strings.
                    let p = p
                        .as_string()
                        .js_expect("EnumerableOwnPropertyNames only returns strings")?;

                    let p_std = p.to_std_string_escaped();
                    let child_node =
                        entries.and_then(|e| e.iter().rfind(|(k, _)| k == &p_std).map(|(_, v)| v));

                    // 1. Let newElement be ? InternalizeJSONProperty(val, P, reviver).
                    let new_element = Self::internalize_json_property(
                        &obj,
                        p.clone(),
                        reviver,
                        child_node,
                        context,
                    )?;

                    // 2. If newElement is undefined, then
                    if new_element.is_undefined() {
                        // a. Perform ? val.[[Delete]](P).
                        obj.__delete__(
                            &p.into(),
                            &mut InternalMethodPropertyContext::new(context),
                        )?;
                    }
                    // 3. Else,
                    else {
                        // a. Perform ? CreateDataProperty(val, P, newElement).
                        obj.create_data_property(p, new_element, context)?;
                    }
                }
            }
        }

        // Build the context object for the reviver call.
        // For primitive JSON values: context = { source: "<original text>" }
        // For objects/arrays or modified values: context = {} (no source property)
        // Per spec, source is only provided when the value is still the same
        // primitive that was produced by parsing the original JSON text.
        let ctx_obj = JsObject::with_object_proto(context.intrinsics());
        if let Some(JsonNode::Primitive(source_text)) = source_node {
            // Check if the current value matches what the source text produces.
            // If the reviver modified the value, it won't match and we skip source.
            let value_matches = match source_text.as_str() {
                "null" => val.is_null(),
                "true" => val.as_boolean() == Some(true),
                "false" => val.as_boolean() == Some(false),
                s if s.starts_with('"') => {
                    // String: compare parsed string value
                    if let Some(js_str) = val.as_string() {
                        serde_json::from_str::<String>(s)
                            .is_ok_and(|parsed| js_str.to_std_string_escaped() == parsed)
                    } else {
                        false
                    }
                }
                s => {
                    // Number: compare parsed number value
                    // Exact comparison is intentional: we want to detect if the
                    // value was replaced by the reviver, not approximate equality.
                    #[allow(clippy::float_cmp)]
                    if let Some(n) = val.as_number() {
                        s.parse::<f64>().is_ok_and(|parsed| n == parsed)
                    } else {
                        false
                    }
                }
            };
            if value_matches {
                ctx_obj.create_data_property_or_throw(
                    js_string!("source"),
                    JsValue::from(js_string!(source_text.as_str())),
                    context,
                )?;
            }
        }

        // 3. Return ? Call(reviver, holder, « name, val, context »).
        reviver.call(
            &holder.clone().into(),
            &[name.into(), val, ctx_obj.into()],
            context,
        )
    }

    /// `JSON.rawJSON ( text )`
    ///
    /// Creates a raw JSON object from the given text.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.rawjson
    pub(crate) fn raw_json(
        _: &JsValue,
        args: &[JsValue],
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. Let jsonString be ? ToString(text).
        let json_string = args.get_or_undefined(0).to_string(context)?;

        // 2. Throw a SyntaxError exception if jsonString is the empty String, or if
        //    either the first or last code unit of jsonString is any of 0x0009
        //    (CHARACTER TABULATION), 0x000A (LINE FEED), 0x000D (CARRIAGE RETURN), or
        //    0x0020 (SPACE).
        let std_string = json_string
            .to_std_string()
            .map_err(|e| JsNativeError::syntax().with_message(e.to_string()))?;

        if std_string.is_empty() {
            return Err(JsNativeError::syntax()
                .with_message("JSON.rawJSON text must not be the empty string")
                .into());
        }

        let first = std_string.as_bytes()[0];
        let last = std_string.as_bytes()[std_string.len() - 1];
        if matches!(first, b'\t' | b'\n' | b'\r' | b' ')
            || matches!(last, b'\t' | b'\n' | b'\r' | b' ')
        {
            return Err(JsNativeError::syntax()
                .with_message("JSON.rawJSON text must not start or end with whitespace")
                .into());
        }

        // 3. Parse StringToCodePoints(jsonString) as a JSON text as specified in ECMA-404.
        //    Throw a SyntaxError exception if it is not a valid JSON text as defined in that
        //    specification, or if its outermost value is an object or array.
        let parsed: serde_json::Value = serde_json::from_str(&std_string)
            .map_err(|e| JsNativeError::syntax().with_message(e.to_string()))?;

        // Must not be an object or array
        match parsed {
            serde_json::Value::Object(_) | serde_json::Value::Array(_) => {
                return Err(JsNativeError::syntax()
                    .with_message("JSON.rawJSON text must not be an object or array")
                    .into());
            }
            _ => {}
        }

        // 3. Let internalSlotsList be « [[IsRawJSON]] ».
        // 4. Let obj be OrdinaryObjectCreate(null, internalSlotsList).
        let obj = JsObject::from_proto_and_data(None::<JsObject>, RawJson);

        // 5. Perform ! CreateDataPropertyOrThrow(obj, "rawJSON", jsonString).
        obj.create_data_property_or_throw(js_string!("rawJSON"), json_string, context)
            .js_expect("CreateDataPropertyOrThrow should never throw here")?;

        // 6. Perform ! SetIntegrityLevel(obj, frozen).
        obj.set_integrity_level(IntegrityLevel::Frozen, context)
            .js_expect("SetIntegrityLevel should never throw here")?;

        // 7. Return obj.
        Ok(obj.into())
    }

    /// `JSON.isRawJSON ( O )`
    ///
    /// Checks if the given value is a raw JSON object.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.israwjson
    #[allow(clippy::unnecessary_wraps)]
    pub(crate) fn is_raw_json(
        _: &JsValue,
        args: &[JsValue],
        _context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. If Type(O) is Object and O has an [[IsRawJSON]] internal slot, return true.
        // 2. Return false.
        let value = args.get_or_undefined(0);
        let result = value.as_object().is_some_and(|obj| obj.is::<RawJson>());
        Ok(result.into())
    }

    /// `JSON.stringify( value[, replacer[, space]] )`
    ///
    /// This `JSON` method converts a JavaScript object or value to a JSON string.
    ///
    /// This method optionally replaces values if a `replacer` function is specified or
    /// optionally including only the specified properties if a replacer array is specified.
    ///
    /// An optional `space` argument can be supplied of type `String` or `Number` that's used to insert
    /// white space into the output JSON string for readability purposes.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///  - [MDN documentation][mdn]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.stringify
    /// [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/JSON/stringify
    pub(crate) fn stringify(
        _: &JsValue,
        args: &[JsValue],
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. Let indent be the empty String.
        let indent = js_string!();

        // 2. Let PropertyList and ReplacerFunction be undefined.
        let mut property_list = None;
        let mut replacer_function = None;

        let replacer = args.get_or_undefined(1);

        // 4. If Type(replacer) is Object, then
        if let Some(replacer_obj) = replacer.as_object() {
            // a. If IsCallable(replacer) is true, then
            if replacer_obj.is_callable() {
                // i. Set ReplacerFunction to replacer.
                replacer_function = Some(replacer_obj.clone());
            // b. Else,
            } else {
                // i. Let isArray be ? IsArray(replacer).
                // ii. If isArray is true, then
                if replacer_obj.is_array_abstract()? {
                    // 1. Set PropertyList to a new empty List.
                    let mut property_set = indexmap::IndexSet::new();

                    // 2. Let len be ? LengthOfArrayLike(replacer).
                    let len = replacer_obj.length_of_array_like(context)?;

                    // 3. Let k be 0.
                    let mut k = 0;

                    // 4. Repeat, while k < len,
                    while k < len {
                        // a. Let prop be ! ToString(𝔽(k)).
                        // b. Let v be ? Get(replacer, prop).
                        let v = replacer_obj.get(k, context)?;

                        // c. Let item be undefined.
                        // d. If Type(v) is String, set item to v.
                        // e. Else if Type(v) is Number, set item to ! ToString(v).
                        // f. Else if Type(v) is Object, then
                        // g. If item is not undefined and item is not currently an element of PropertyList, then
                        // i. Append item to the end of PropertyList.
                        if let Some(s) = v.as_string() {
                            property_set.insert(s);
                        } else if v.is_number() {
                            property_set.insert(
                                v.to_string(context)
                                    .js_expect("ToString cannot fail on number value")?,
                            );
                        } else if let Some(obj) = v.as_object()
                            && (obj.is::<JsString>() || obj.is::<f64>())
                        {
                            // i. If v has a [[StringData]] or [[NumberData]] internal slot, set item to ? ToString(v).
                            property_set.insert(v.to_string(context)?);
                        }

                        // h. Set k to k + 1.
                        k += 1;
                    }
                    property_list = Some(property_set.into_iter().collect());
                }
            }
        }

        let mut space = args.get_or_undefined(2).clone();

        // 5. If Type(space) is Object, then
        if let Some(space_obj) = space.as_object() {
            // a. If space has a [[NumberData]] internal slot, then
            if space_obj.is::<f64>() {
                // i. Set space to ? ToNumber(space).
                space = space.to_number(context)?.into();
            }
            // b. Else if space has a [[StringData]] internal slot, then
            else if space_obj.is::<JsString>() {
                // i. Set space to ? ToString(space).
                space = space.to_string(context)?.into();
            }
        }

        // 6. If Type(space) is Number, then
        let gap = if space.is_number() {
            // a. Let spaceMV be ! ToIntegerOrInfinity(space).
            // b. Set spaceMV to min(10, spaceMV).
            // c. If spaceMV < 1, let gap be the empty String; otherwise let gap be the String value containing spaceMV occurrences of the code unit 0x0020 (SPACE).
            match space
                .to_integer_or_infinity(context)
                .js_expect("ToIntegerOrInfinity cannot fail on number")?
            {
                IntegerOrInfinity::PositiveInfinity => js_string!("          "),
                IntegerOrInfinity::NegativeInfinity => js_string!(),
                IntegerOrInfinity::Integer(i) if i < 1 => js_string!(),
                IntegerOrInfinity::Integer(i) => {
                    let mut s = String::new();
                    let i = std::cmp::min(10, i);
                    for _ in 0..i {
                        s.push(' ');
                    }
                    s.into()
                }
            }
        // 7. Else if Type(space) is String, then
        } else if let Some(s) = space.as_string() {
            // a. If the length of space is 10 or less, let gap be space; otherwise let gap be the substring of space from 0 to 10.
            s.get(..10).unwrap_or(s)
        // 8. Else,
        } else {
            // a. Let gap be the empty String.
            js_string!()
        };

        // 9. Let wrapper be ! OrdinaryObjectCreate(%Object.prototype%).
        let wrapper = JsObject::with_object_proto(context.intrinsics());

        // 10. Perform ! CreateDataPropertyOrThrow(wrapper, the empty String, value).
        wrapper
            .create_data_property_or_throw(js_string!(), args.get_or_undefined(0).clone(), context)
            .js_expect("CreateDataPropertyOrThrow should never fail here")?;

        // 11. Let state be the Record { [[ReplacerFunction]]: ReplacerFunction, [[Stack]]: stack, [[Indent]]: indent, [[Gap]]: gap, [[PropertyList]]: PropertyList }.
        let mut state = StateRecord {
            replacer_function,
            stack_set: FxHashSet::default(),
            indent,
            gap,
            property_list,
            out: Vec::new(),
        };

        // 12. Return ? SerializeJSONProperty(state, the empty String, wrapper).
        // ordo's patch: the text is written into one buffer as it is serialized (see
        // `StateRecord::out`), and made a string once, at the end.
        let key = PropertyKey::from(js_string!());
        if !Self::serialize_json_property(&mut state, &key, &wrapper, context)? {
            return Ok(JsValue::undefined());
        }
        Ok(state.finish().into())
    }

    /// `25.5.2.1 SerializeJSONProperty ( state, key, holder )`
    ///
    /// ordo's patch: the serialization is appended to `state.out`, and the result says whether
    /// anything was (`false` where the specification returns undefined).
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-serializejsonproperty
    fn serialize_json_property(
        state: &mut StateRecord,
        key: &PropertyKey,
        holder: &JsObject,
        context: &mut Context,
    ) -> JsResult<bool> {
        // 1. Let value be ? Get(holder, key).
        let mut value = holder.get(key.clone(), context)?;

        // 2. If Type(value) is Object or BigInt, then
        if value.is_object() || value.is_bigint() {
            // a. Let toJSON be ? GetV(value, "toJSON").
            let to_json = value.get_v(js_string!("toJSON"), context)?;

            // b. If IsCallable(toJSON) is true, then
            if let Some(obj) = to_json.as_callable() {
                // i. Set value to ? Call(toJSON, value, « key »).
                value = obj.call(&value, &[JsValue::from(key.clone())], context)?;
            }
        }

        // 3. If state.[[ReplacerFunction]] is not undefined, then
        if let Some(obj) = &state.replacer_function {
            // a. Set value to ? Call(state.[[ReplacerFunction]], holder, « key, value »).
            value = obj.call(
                &holder.clone().into(),
                &[JsValue::from(key.clone()), value],
                context,
            )?;
        }

        // 4. If Type(value) is Object, then
        if let Some(obj) = value.as_object() {
            // a. If value has a [[NumberData]] internal slot, then
            if obj.is::<f64>() {
                // i. Set value to ? ToNumber(value).
                value = value.to_number(context)?.into();
            }
            // b. Else if value has a [[StringData]] internal slot, then
            else if obj.is::<JsString>() {
                // i. Set value to ? ToString(value).
                value = value.to_string(context)?.into();
            }
            // c. Else if value has a [[BooleanData]] internal slot, then
            else if let Some(boolean) = obj.downcast_ref::<bool>() {
                // i. Set value to value.[[BooleanData]].
                value = (*boolean).into();
            }
            // d. Else if value has a [[BigIntData]] internal slot, then
            else if let Some(bigint) = obj.downcast_ref::<JsBigInt>() {
                // i. Set value to value.[[BigIntData]].
                value = bigint.clone().into();
            }
            // e. Else if value has a [[IsRawJSON]] internal slot, then
            else if obj.is::<RawJson>() {
                // i. Return the value of the "rawJSON" property of value.
                let raw = obj.get(js_string!("rawJSON"), context)?;
                return Ok(match raw.as_string() {
                    Some(raw) => {
                        state.out.extend(raw.iter());
                        true
                    }
                    None => false,
                });
            }
        }

        match value.variant() {
            // 5. If value is null, return "null".
            JsVariant::Null => state.out.extend_from_slice(utf16!("null")),
            // 6. If value is true, return "true".
            // 7. If value is false, return "false".
            JsVariant::Boolean(true) => state.out.extend_from_slice(utf16!("true")),
            JsVariant::Boolean(false) => state.out.extend_from_slice(utf16!("false")),
            // 8. If Type(value) is String, return QuoteJSONString(value).
            JsVariant::String(string) => quote_json_string(&mut state.out, string.as_str()),
            // 9. If Type(value) is Number, then
            //    a. If value is finite, return ! ToString(value).
            JsVariant::Integer32(_) | JsVariant::Float64(_)
                if value.as_number().is_some_and(f64::is_finite) =>
            {
                let text = value.to_string(context).js_expect("ToString of a number")?;
                state.out.extend(text.iter());
            }
            //    b. Return "null".
            JsVariant::Float64(_) => state.out.extend_from_slice(utf16!("null")),
            // 10. If Type(value) is BigInt, throw a TypeError exception.
            JsVariant::BigInt(_) => {
                return Err(JsNativeError::typ()
                    .with_message("cannot serialize bigint to JSON")
                    .into());
            }
            // 11. If Type(value) is Object and IsCallable(value) is false, then
            JsVariant::Object(obj) if !obj.is_callable() => {
                // a. Let isArray be ? IsArray(value).
                // b. If isArray is true, return ? SerializeJSONArray(state, value).
                // c. Return ? SerializeJSONObject(state, value).
                if obj.is_array_abstract()? {
                    Self::serialize_json_array(state, &obj, context)?;
                } else {
                    Self::serialize_json_object(state, &obj, context)?;
                }
            }
            // 12. Return undefined.
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `25.5.2.4 SerializeJSONObject ( state, value )`, appended to `state.out` (ordo's patch).
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-serializejsonobject
    fn serialize_json_object(
        state: &mut StateRecord,
        value: &JsObject,
        context: &mut Context,
    ) -> JsResult<()> {
        // 1. If state.[[Stack]] contains value, throw a TypeError exception because the structure is cyclical.
        // 2. Append value to state.[[Stack]].
        // 3. Let stepback be state.[[Indent]].
        // 4. Set state.[[Indent]] to the string-concatenation of state.[[Indent]] and state.[[Gap]].
        let stepback = state.enter(value)?;

        let members = Self::serialize_json_members(state, value, context);

        // 11. Remove the last element of state.[[Stack]].
        // 12. Set state.[[Indent]] to stepback.
        state.leave(value, stepback);
        members
    }

    /// Steps 5 to 10 of `SerializeJSONObject`: `{`, the members, `}`.
    fn serialize_json_members(
        state: &mut StateRecord,
        value: &JsObject,
        context: &mut Context,
    ) -> JsResult<()> {
        // 5. If state.[[PropertyList]] is not undefined, then
        let k: Vec<JsString> = if let Some(p) = &state.property_list {
            // a. Let K be state.[[PropertyList]].
            p.clone()
        // 6. Else,
        } else {
            // a. Let K be ? EnumerableOwnProperties(value, key).
            value
                .enumerable_own_property_names(PropertyNameKind::Key, context)?
                .iter()
                .filter_map(JsValue::as_string)
                .collect()
        };

        // 7. Let partial be a new empty List.
        state.out.push(u16::from(b'{'));
        let mut any = false;

        // 8. For each element P of K, do
        for p in &k {
            // b. If strP is not undefined, then
            //    i. Let member be QuoteJSONString(P).
            //    ii. Set member to the string-concatenation of member and ":".
            //    iii. If state.[[Gap]] is not the empty String, then
            //         1. Set member to the string-concatenation of member and the code unit
            //            0x0020 (SPACE).
            //    iv. Set member to the string-concatenation of member and strP.
            //    v. Append member to partial.
            // The member is written before strP is known, and taken back if it is undefined.
            let start = state.out.len();
            state.separator(any);
            quote_json_string(&mut state.out, p.as_str());
            state.out.push(u16::from(b':'));
            if !state.gap.is_empty() {
                state.out.push(u16::from(b' '));
            }
            // a. Let strP be ? SerializeJSONProperty(state, P, value).
            let key = PropertyKey::from(p.clone());
            if Self::serialize_json_property(state, &key, value, context)? {
                any = true;
            } else {
                state.out.truncate(start);
            }
        }

        // 9. If partial is empty, then
        //    a. Let final be "{}".
        // 10. Else, (the members joined by "," or by ",\n" and the indent, in braces, with a
        //     line feed and the indent inside them where there is a gap)
        state.close(any, b'}');
        Ok(())
    }

    /// `25.5.2.5 SerializeJSONArray ( state, value )`, appended to `state.out` (ordo's patch).
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-serializejsonarray
    fn serialize_json_array(
        state: &mut StateRecord,
        value: &JsObject,
        context: &mut Context,
    ) -> JsResult<()> {
        // 1. If state.[[Stack]] contains value, throw a TypeError exception because the structure is cyclical.
        // 2. Append value to state.[[Stack]].
        // 3. Let stepback be state.[[Indent]].
        // 4. Set state.[[Indent]] to the string-concatenation of state.[[Indent]] and state.[[Gap]].
        let stepback = state.enter(value)?;

        let elements = Self::serialize_json_elements(state, value, context);

        // 11. Remove the last element of state.[[Stack]].
        // 12. Set state.[[Indent]] to stepback.
        state.leave(value, stepback);
        elements
    }

    /// Steps 5 to 10 of `SerializeJSONArray`: `[`, the elements, `]`.
    fn serialize_json_elements(
        state: &mut StateRecord,
        value: &JsObject,
        context: &mut Context,
    ) -> JsResult<()> {
        // 6. Let len be ? LengthOfArrayLike(value).
        let len = value.length_of_array_like(context)?;

        // 5. Let partial be a new empty List.
        state.out.push(u16::from(b'['));

        // 7. Let index be 0.
        // 8. Repeat, while index < len,
        for index in 0..len {
            state.separator(index > 0);
            // a. Let strP be ? SerializeJSONProperty(state, ! ToString(𝔽(index)), value).
            // b. If strP is undefined, then
            //    i. Append "null" to partial.
            // c. Else,
            //    i. Append strP to partial.
            if !Self::serialize_json_property(state, &PropertyKey::from(index), value, context)? {
                state.out.extend_from_slice(utf16!("null"));
            }
            // d. Set index to index + 1.
        }

        // 9. If partial is empty, then
        //    a. Let final be "[]".
        // 10. Else, (the elements joined as an object's members are, in brackets)
        state.close(len > 0, b']');
        Ok(())
    }
}

/// `25.5.2.3 QuoteJSONString ( value )`, appended to `product` (ordo's patch: Boa made a
/// string of each, decoding it to code points).
///
/// More information:
///  - [ECMAScript reference][spec]
///
/// [spec]: https://tc39.es/ecma262/#sec-quotejsonstring
fn quote_json_string(product: &mut Vec<u16>, value: JsStr<'_>) {
    // 1. Let product be the String value consisting solely of the code unit 0x0022 (QUOTATION MARK).
    product.reserve(value.len() + 2);
    product.push(u16::from(b'"'));

    // 2. For each code point C of ! StringToCodePoints(value), do
    match value.variant() {
        JsStrVariant::Latin1(units) => {
            for &unit in units {
                quote_code_unit(product, u16::from(unit));
            }
        }
        JsStrVariant::Utf16(units) => {
            let mut i = 0;
            while i < units.len() {
                let unit = units[i];
                match unit {
                    // A surrogate pair is one code point, written as it is.
                    0xD800..=0xDBFF
                        if units.get(i + 1).is_some_and(|next| (0xDC00..=0xDFFF).contains(next)) =>
                    {
                        product.extend_from_slice(&units[i..i + 2]);
                        i += 2;
                        continue;
                    }
                    // b. Else if C has the same numeric value as a leading surrogate or
                    //    trailing surrogate, then ... UnicodeEscape(unit).
                    0xD800..=0xDFFF => unicode_escape(product, unit),
                    _ => quote_code_unit(product, unit),
                }
                i += 1;
            }
        }
    }

    // 3. Set product to the string-concatenation of product and the code unit 0x0022 (QUOTATION MARK).
    product.push(u16::from(b'"'));
}

/// Steps 2.a to 2.c of `QuoteJSONString` for a code point that is not a surrogate.
fn quote_code_unit(product: &mut Vec<u16>, unit: u16) {
    // a. If C is listed in the "Code Point" column of Table 73, then
    //    i. Set product to the string-concatenation of product and the escape sequence for C
    //       as specified in the "Escape Sequence" column of the corresponding row.
    let escape = match unit {
        0x08 => b'b',
        0x09 => b't',
        0x0A => b'n',
        0x0C => b'f',
        0x0D => b'r',
        0x22 => b'"',
        0x5C => b'\\',
        // b. Else if C has a numeric value less than 0x0020 (SPACE), ... UnicodeEscape(unit).
        0..0x20 => return unicode_escape(product, unit),
        // c. Else, ... UTF16EncodeCodePoint(C).
        _ => return product.push(unit),
    };
    product.extend_from_slice(&[u16::from(b'\\'), u16::from(escape)]);
}

/// `25.5.2.3.1 UnicodeEscape ( C )`: `\u` and four lowercase hexadecimal digits.
fn unicode_escape(product: &mut Vec<u16>, unit: u16) {
    product.extend_from_slice(&[
        u16::from(b'\\'),
        u16::from(b'u'),
        to_hex_digit(unit >> 12),
        to_hex_digit((unit >> 8) & 0xF),
        to_hex_digit((unit >> 4) & 0xF),
        to_hex_digit(unit & 0xF),
    ]);
}

struct StateRecord {
    replacer_function: Option<JsObject>,
    stack_set: FxHashSet<JsObject>,
    indent: JsString,
    gap: JsString,
    property_list: Option<Vec<JsString>>,
    /// ordo's patch: the text written so far. Boa returned a string from each step and copied
    /// it into its parent's at every level (and decoded every string to code points to quote
    /// it): `JSON.stringify` of 600 KB of records ran ~700 instructions per character.
    out: Vec<u16>,
}

impl StateRecord {
    /// Steps 1 to 4 of `SerializeJSONObject` and `SerializeJSONArray`: the cycle check, `value`
    /// on the stack, the indent deepened; returns the indent to step back to.
    fn enter(&mut self, value: &JsObject) -> JsResult<JsString> {
        if !self.stack_set.insert(value.clone()) {
            return Err(JsNativeError::typ()
                .with_message("cyclic object value")
                .into());
        }
        let stepback = self.indent.clone();
        if !self.gap.is_empty() {
            self.indent = js_string!(&self.indent, &self.gap);
        }
        Ok(stepback)
    }

    /// Steps 11 and 12: `value` off the stack, the indent back to `stepback`.
    fn leave(&mut self, value: &JsObject, stepback: JsString) {
        let removed = self.stack_set.remove(value);
        debug_assert!(removed);
        self.indent = stepback;
    }

    /// What goes before a member or element: "," after the first, and where there is a gap a
    /// line feed and the indent.
    fn separator(&mut self, after_first: bool) {
        if after_first {
            self.out.push(u16::from(b','));
        }
        if !self.gap.is_empty() {
            self.out.push(u16::from(b'\n'));
            self.out.extend(self.indent.iter());
        }
    }

    /// The closing bracket, after a line feed and the outer indent where there is a gap and
    /// something inside.
    fn close(&mut self, any: bool, bracket: u8) {
        if any && !self.gap.is_empty() {
            self.out.push(u16::from(b'\n'));
            // The indent this level stepped in from, the outer one: what is left of the
            // current indent without its last gap.
            let outer = self.indent.len() - self.gap.len();
            self.out.extend(self.indent.iter().take(outer));
        }
        self.out.push(u16::from(bracket));
    }

    /// The text, in Latin-1 where every code unit fits.
    fn finish(self) -> JsString {
        if self.out.iter().all(|&unit| unit <= 0xFF) {
            #[allow(clippy::cast_possible_truncation, reason = "every unit is at most 0xFF")]
            let bytes: Vec<u8> = self.out.iter().map(|&unit| unit as u8).collect();
            JsString::from(JsStr::latin1(&bytes))
        } else {
            JsString::from(&self.out[..])
        }
    }
}

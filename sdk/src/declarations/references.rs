//! Local `$ref`s: pointers, what an alias stands for, and the references that could make an
//! alias circular.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::{MAX_DEPTH, subschemas};

/// Pushes the references a schema makes at its top level (itself and its combinators).
pub(super) fn top_level_references(schema: &Value, out: &mut Vec<String>, depth: usize) {
    let Value::Object(object) = schema else { return };
    if depth > MAX_DEPTH {
        return;
    }
    if let Some(pointer) = object.get("$ref").and_then(Value::as_str).and_then(local_pointer) {
        out.push(pointer);
    }
    for keyword in ["allOf", "anyOf", "oneOf"] {
        for subschema in subschemas(object, keyword) {
            top_level_references(subschema, out, depth + 1);
        }
    }
}

/// What an alias stands for: its pointer, and the component of the `$ref` graph it belongs to.
/// Two references with equal keys render identically, so they can share one alias.
pub(super) type AliasKey = (usize, usize);

/// A strongly connected component of a `$ref` graph, by content: its members' pointers and
/// values, and the components it refers to. Equal components reach equal schemas.
type Component = (Vec<(usize, usize)>, Vec<usize>);

/// Pointers, schema texts and components interned as numbers, shared by all documents so that
/// keys compare across them.
#[derive(Default)]
pub(super) struct Interners {
    pointers: HashMap<String, usize>,
    values: HashMap<String, usize>,
    components: HashMap<Component, usize>,
}

fn intern<K: Eq + std::hash::Hash>(map: &mut HashMap<K, usize>, key: K) -> usize {
    let next = map.len();
    *map.entry(key).or_insert(next)
}

/// The `$ref` graph of one document, built as keys need it.
///
/// Keying an alias by everything it reaches would cost the size of its closure per alias, which
/// in a densely linked schema of n definitions is n² in all. Instead each schema is serialized
/// once, and components are identified bottom-up (Tarjan's algorithm, run incrementally from
/// each new pointer): a component's id depends only on its members and the ids of the components
/// it refers to, so equal ids mean equal closures, at a cost linear in the graph.
#[derive(Default)]
pub(super) struct ReferenceGraph {
    index: HashMap<String, usize>,
    nodes: Vec<Node>,
}

/// A schema a reference reaches.
struct Node {
    pointer: usize,
    value: usize,
    /// The local references inside its schema, resolved to nodes on first walk.
    edges: Result<Vec<usize>, Vec<String>>,
    component: Option<usize>,
}

/// Tarjan's bookkeeping for one run.
#[derive(Default)]
struct Walk {
    order: HashMap<usize, (usize, usize)>,
    stack: Vec<usize>,
    on_stack: HashSet<usize>,
    /// The nodes being visited, each with the position of the next edge to follow.
    path: Vec<(usize, usize)>,
}

impl ReferenceGraph {
    /// The key of the alias for the schema at `pointer` in `root`; `None` if it does not resolve.
    pub(super) fn alias_key(
        &mut self,
        root: &Value,
        pointer: &str,
        interners: &mut Interners,
    ) -> Option<AliasKey> {
        let start = self.node(root, pointer, interners)?;
        if self.nodes.get(start)?.component.is_none() {
            self.assign_components(root, start, interners);
        }
        let node = self.nodes.get(start)?;
        Some((node.pointer, node.component?))
    }

    /// The node of a pointer, created on first use; `None` if the pointer does not resolve.
    fn node(&mut self, root: &Value, pointer: &str, interners: &mut Interners) -> Option<usize> {
        if let Some(node) = self.index.get(pointer) {
            return Some(*node);
        }
        let target = root.pointer(pointer)?;
        self.nodes.push(Node {
            pointer: intern(&mut interners.pointers, pointer.to_owned()),
            value: intern(&mut interners.values, target.to_string()),
            edges: Err(references_inside(target)),
            component: None,
        });
        self.index.insert(pointer.to_owned(), self.nodes.len() - 1);
        Some(self.nodes.len() - 1)
    }

    /// The `position`th edge of a node, resolving its references on first use.
    fn edge(
        &mut self,
        root: &Value,
        node: usize,
        position: usize,
        interners: &mut Interners,
    ) -> Option<usize> {
        if let Some(Node { edges: Err(pointers), .. }) = self.nodes.get_mut(node) {
            let pointers = std::mem::take(pointers);
            let targets =
                pointers.iter().filter_map(|pointer| self.node(root, pointer, interners)).collect();
            if let Some(node) = self.nodes.get_mut(node) {
                node.edges = Ok(targets);
            }
        }
        match &self.nodes.get(node)?.edges {
            Ok(targets) => targets.get(position).copied(),
            Err(_) => None,
        }
    }

    /// Assigns a component to every node reachable from `start` that has none yet (those that
    /// have one were completed, with everything they reach, by an earlier run).
    fn assign_components(&mut self, root: &Value, start: usize, interners: &mut Interners) {
        let mut walk = Walk::default();
        walk.enter(start);
        while let Some(&(node, position)) = walk.path.last() {
            if let Some(last) = walk.path.last_mut() {
                last.1 += 1;
            }
            if let Some(target) = self.edge(root, node, position, interners) {
                let finished = self.nodes.get(target).is_none_or(|t| t.component.is_some());
                match walk.order.get(&target) {
                    _ if finished => {}
                    None => walk.enter(target),
                    Some(&(index, _)) if walk.on_stack.contains(&target) => walk.lower(node, index),
                    Some(_) => {}
                }
                continue;
            }
            walk.path.pop();
            let (index, low) = walk.order.get(&node).copied().unwrap_or_default();
            if let Some(&(parent, _)) = walk.path.last() {
                walk.lower(parent, low);
            }
            if low == index {
                let split = walk.stack.iter().rposition(|member| *member == node).unwrap_or(0);
                let members = walk.stack.split_off(split);
                for member in &members {
                    walk.on_stack.remove(member);
                }
                self.complete(&members, interners);
            }
        }
    }

    /// Identifies a finished component by its content and records it on its members.
    fn complete(&mut self, members: &[usize], interners: &mut Interners) {
        let inside: HashSet<usize> = members.iter().copied().collect();
        let mut content = Vec::new();
        let mut successors = Vec::new();
        for node in members.iter().filter_map(|member| self.nodes.get(*member)) {
            content.push((node.pointer, node.value));
            let targets = node.edges.as_ref().map_or(&[][..], Vec::as_slice);
            let outside = targets.iter().filter(|target| !inside.contains(target));
            successors.extend(outside.filter_map(|t| self.nodes.get(*t)?.component));
        }
        content.sort_unstable();
        successors.sort_unstable();
        successors.dedup();
        let id = intern(&mut interners.components, (content, successors));
        for member in members {
            if let Some(node) = self.nodes.get_mut(*member) {
                node.component = Some(id);
            }
        }
    }
}

impl Walk {
    fn enter(&mut self, node: usize) {
        let index = self.order.len();
        self.order.insert(node, (index, index));
        self.stack.push(node);
        self.on_stack.insert(node);
        self.path.push((node, 0));
    }

    /// Lowers a node's low-link to `index` if that is lower.
    fn lower(&mut self, node: usize, index: usize) {
        if let Some((_, low)) = self.order.get_mut(&node) {
            *low = (*low).min(index);
        }
    }
}

/// Every local `$ref` anywhere inside a value, found without recursion.
fn references_inside(value: &Value) -> Vec<String> {
    let mut found = Vec::new();
    let mut values = vec![value];
    while let Some(value) = values.pop() {
        match value {
            Value::Object(object) => {
                found.extend(object.get("$ref").and_then(Value::as_str).and_then(local_pointer));
                values.extend(object.values());
            }
            Value::Array(items) => values.extend(items),
            _ => {}
        }
    }
    found
}

/// The JSON Pointer of a same-document reference (`#/$defs/A` → `/$defs/A`, `#` → ``), with
/// its percent-encoding decoded; `None` for anchors and other documents.
pub(super) fn local_pointer(reference: &str) -> Option<String> {
    let fragment = reference.strip_prefix('#')?;
    let pointer = percent_decode(fragment)?;
    (pointer.is_empty() || pointer.starts_with('/')).then_some(pointer)
}

fn percent_decode(text: &str) -> Option<String> {
    if !text.contains('%') {
        return Some(text.to_owned());
    }
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut position = 0;
    while let Some(&byte) = bytes.get(position) {
        let hex = bytes
            .get(position + 1..position + 3)
            .filter(|digits| digits.iter().all(u8::is_ascii_hexdigit))
            .and_then(|digits| std::str::from_utf8(digits).ok());
        match hex.and_then(|digits| u8::from_str_radix(digits, 16).ok()) {
            Some(value) if byte == b'%' => {
                decoded.push(value);
                position += 3;
            }
            _ => {
                decoded.push(byte);
                position += 1;
            }
        }
    }
    String::from_utf8(decoded).ok()
}

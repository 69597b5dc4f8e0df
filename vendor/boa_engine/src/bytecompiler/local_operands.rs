//! ordo's patch: operands read straight from a local's register.
//!
//! A binding that no closure captures lives in a register of its frame. Upstream copied it into
//! a fresh register before most uses: `a.price` was `Move a → t; GetPropertyByName t`, a method
//! call on a local the same, and a parameter was fetched into a temporary and then moved into its
//! own register. Here an operand that is used at once is read from the local's register itself.
//!
//! Only syntax can change a register local (no closure sees it, no getter reaches it): an
//! assignment or an update expression naming it. So an operand may stay in the local's register
//! while another expression is evaluated only when that expression holds no assignment and no
//! update at all. Upstream read the left operand of `x + (x = 1)` from `x`'s register after the
//! right one had assigned it (2 where the specification says 6); the left operand of a binary
//! operator now stays in place only under that condition.

use std::ops::ControlFlow;

use boa_ast::{
    Expression,
    declaration::Binding,
    expression::{
        access::{PropertyAccessField, SimplePropertyAccess},
        operator::{Assign, Update},
    },
    function::FormalParameter,
    visitor::{VisitWith, Visitor},
};

use super::{BindingKind, ByteCompiler, Register};
use crate::vm::opcode::RegisterOperand;

/// How many expression nodes [`may_assign`] looks at before it gives up and answers yes: the
/// check runs at every binary operator, and a long chain must not make compiling quadratic.
const INSPECTED_NODES: usize = 48;

impl ByteCompiler<'_> {
    /// The register that already holds `expr`'s value: a local held in a register, or a `const`
    /// cached in one (outside `with`).
    pub(crate) fn local_register(&mut self, expr: &Expression) -> Option<Register> {
        let Expression::Identifier(name) = expr else {
            return None;
        };
        let name = self.resolve_identifier_expect(*name);
        let binding = self.lexical_scope.get_identifier_reference(name);
        if let BindingKind::Local(Ok(index)) = self.get_binding(&binding) {
            return Some(Register::persistent(index));
        }
        if self.in_with {
            return None;
        }
        self.const_binding_cache
            .get(&binding.locator())
            .map(|&index| Register::persistent(index))
    }

    /// The register of a parameter that is a bare name (no default, no pattern, not a rest)
    /// bound to a local held in a register.
    pub(crate) fn plain_parameter_register(
        &mut self,
        parameter: &FormalParameter,
    ) -> Option<Register> {
        if parameter.is_rest_param() || parameter.variable().init().is_some() {
            return None;
        }
        let Binding::Identifier(name) = parameter.variable().binding() else {
            return None;
        };
        let name = self.resolve_identifier_expect(*name);
        let binding = self.lexical_scope.get_identifier_reference(name);
        if !binding.local() {
            return None;
        }
        match self.insert_binding(binding) {
            BindingKind::Local(Ok(index)) => Some(Register::persistent(index)),
            _ => None,
        }
    }

    /// The register of the local that `access` reads from, when the read can use it in place:
    /// a named property, or a key that cannot assign the local before the read.
    pub(crate) fn local_access_target(
        &mut self,
        access: &SimplePropertyAccess,
    ) -> Option<Register> {
        if let PropertyAccessField::Expr(key) = access.field()
            && may_assign(key)
        {
            return None;
        }
        self.local_register(access.target())
    }

    /// Compiles `lhs`, which is evaluated before `rhs` and read after it, and gives `use_lhs` its
    /// register: the local's own when `rhs` cannot assign it, a copy otherwise.
    pub(crate) fn compile_left_operand(
        &mut self,
        lhs: &Expression,
        rhs: &Expression,
        use_lhs: impl FnOnce(&mut Self, RegisterOperand),
    ) {
        if !may_assign(rhs) {
            self.compile_expr_operand(lhs, use_lhs);
            return;
        }
        let copy = self.register_allocator.alloc();
        self.compile_expr(lhs, &copy);
        use_lhs(self, copy.variable());
        self.register_allocator.dealloc(copy);
    }
}

/// Whether evaluating `expr` may assign a binding: it holds an assignment or an update
/// expression, or is too large to look through.
pub(crate) fn may_assign(expr: &Expression) -> bool {
    let mut finder = AssignmentFinder { inspected: 0 };
    finder.visit_expression(expr).is_break()
}

/// Stops at the first assignment or update, or after [`INSPECTED_NODES`] expressions.
struct AssignmentFinder {
    inspected: usize,
}

impl<'ast> Visitor<'ast> for AssignmentFinder {
    type BreakTy = ();

    fn visit_expression(&mut self, node: &'ast Expression) -> ControlFlow<()> {
        self.inspected += 1;
        if self.inspected > INSPECTED_NODES {
            return ControlFlow::Break(());
        }
        node.visit_with(self)
    }

    fn visit_assign(&mut self, _: &'ast Assign) -> ControlFlow<()> {
        ControlFlow::Break(())
    }

    fn visit_update(&mut self, _: &'ast Update) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}

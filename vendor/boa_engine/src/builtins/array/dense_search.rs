//! ordo's patch: `indexOf` and `includes` over an Array's dense storage.
//!
//! The steps read each element by `HasProperty` and `Get` (or `Get` alone) and compare it: on
//! an Array whose storage is dense each element below its end is an own data property, read
//! with no script code, and a number storage compares numbers without making a value per
//! element (`a.indexOf(v) === i` to remove duplicates ran at ~14 ns an element, QuickJS 4).
//! Indices past the storage's end are holes: where no prototype holds an element, `indexOf`
//! skips them and `includes` reads them as `undefined`; where one may, the steps run as written.

use super::prototypes_hold_no_element;
use crate::{JsObject, JsValue};

/// The storage's answer for `from..len`: the index found or none, and whether the range goes
/// past the storage's end (holes); `None` where the array's storage is not dense or a hole in
/// the range could be a prototype's element (the steps then run as written).
fn find(
    array: &JsObject,
    from: i64,
    len: i64,
    value: &JsValue,
    zero: bool,
) -> Option<(Option<usize>, bool)> {
    if !array.is_array() {
        return None;
    }
    let (Ok(from), Ok(len)) = (usize::try_from(from), usize::try_from(len)) else {
        return None;
    };
    let (found, dense) = {
        let borrowed = array.borrow();
        let properties = borrowed.properties();
        (properties.find_dense(from, len, value, zero)?, properties.dense_len()?)
    };
    let holes = len > dense.max(from);
    if holes && !prototypes_hold_no_element(array) {
        return None;
    }
    Some((found, holes))
}

/// `indexOf`'s step 10 on `array` from `from` to `len`.
pub(super) fn index_of(
    array: &JsObject,
    from: i64,
    len: i64,
    value: &JsValue,
) -> Option<Option<usize>> {
    find(array, from, len, value, false).map(|(found, _)| found)
}

/// `includes`'s step 10 on `array` from `from` to `len`: past the storage's end the elements
/// are holes, read as `undefined`.
pub(super) fn includes(array: &JsObject, from: i64, len: i64, value: &JsValue) -> Option<bool> {
    let (found, holes) = find(array, from, len, value, true)?;
    Some(found.is_some() || (holes && value.is_undefined()))
}

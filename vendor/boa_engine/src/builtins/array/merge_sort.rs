//! ordo's patch: the sort behind `Array.prototype.sort`, `toSorted` and their typed-array
//! versions.
//!
//! A script's comparator is hostile input. `() => Math.random() - 0.5` is how models shuffle,
//! and the standard library's `sort_by` may panic when the order it is given is not total
//! ("user-provided comparison function does not correctly implement a total order"): that
//! ended the engine thread. This sort never panics whatever the comparator answers; it only
//! ever moves values, so the result is a permutation of the input, and its order is the one the
//! comparator gave wherever the comparator is consistent (the specification leaves the order
//! implementation-defined otherwise).
//!
//! It is stable (ES2019) and spends few comparisons, each of which may be a call into script:
//! runs of [`RUN`] values are sorted by binary insertion, then merged bottom-up, and a merge is
//! skipped when its two halves are already in order (a sorted input costs `n - 1` comparisons).

use std::cmp::Ordering;

use crate::{JsResult, JsValue};

/// The length of the runs that binary insertion sorts before merging starts.
const RUN: usize = 32;

/// Sorts `items` stably by `compare`.
///
/// The first error `compare` returns is returned at once, without another comparison; `items`
/// is then in no particular order and may hold `undefined` in place of some of its values (the
/// callers discard it).
pub(crate) fn merge_sort<F>(items: &mut [JsValue], mut compare: F) -> JsResult<()>
where
    F: FnMut(&JsValue, &JsValue) -> JsResult<Ordering>,
{
    let len = items.len();
    if len < 2 {
        return Ok(());
    }
    for start in (0..len).step_by(RUN) {
        insertion_sort(&mut items[start..len.min(start + RUN)], &mut compare)?;
    }
    let mut buffer = Vec::new();
    let mut width = RUN;
    while width < len {
        let mut start = 0;
        while start + width < len {
            let end = len.min(start + 2 * width);
            merge(&mut items[start..end], width, &mut buffer, &mut compare)?;
            start = end;
        }
        width *= 2;
    }
    Ok(())
}

/// Binary insertion sort: each value goes after every value not greater than it, so equal
/// values keep their order.
fn insertion_sort<F>(run: &mut [JsValue], compare: &mut F) -> JsResult<()>
where
    F: FnMut(&JsValue, &JsValue) -> JsResult<Ordering>,
{
    for next in 1..run.len() {
        if compare(&run[next - 1], &run[next])? != Ordering::Greater {
            continue;
        }
        let (mut low, mut high) = (0, next - 1);
        while low < high {
            let middle = low + (high - low) / 2;
            if compare(&run[middle], &run[next])? == Ordering::Greater {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        run[low..=next].rotate_right(1);
    }
    Ok(())
}

/// Merges the sorted `run[..middle]` and `run[middle..]`, the left one first among equals.
fn merge<F>(
    run: &mut [JsValue],
    middle: usize,
    buffer: &mut Vec<JsValue>,
    compare: &mut F,
) -> JsResult<()>
where
    F: FnMut(&JsValue, &JsValue) -> JsResult<Ordering>,
{
    if compare(&run[middle - 1], &run[middle])? != Ordering::Greater {
        return Ok(());
    }
    buffer.clear();
    buffer.extend(run[..middle].iter_mut().map(std::mem::take));
    let (mut left, mut right, mut out) = (0, middle, 0);
    while left < buffer.len() && right < run.len() {
        if compare(&buffer[left], &run[right])? == Ordering::Greater {
            run.swap(out, right);
            right += 1;
        } else {
            run[out] = std::mem::take(&mut buffer[left]);
            left += 1;
        }
        out += 1;
    }
    for value in buffer.drain(left..) {
        run[out] = value;
        out += 1;
    }
    Ok(())
}
